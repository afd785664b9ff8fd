#!/usr/bin/env bash
# Regenerate the demo platform's video fixtures in resources/demo-media.
#
# Each clip is raw H.264 Annex-B (.h264): baseline profile, yuv420p, 25 fps, a GOP of exactly 50 frames
# (2 s, no scene-cut keyframes), no B-frames, an access-unit delimiter before every frame, 10 s long
# (250 frames = 5 GOPs) so that the clip loops on a keyframe. Raw Annex-B is the simplest thing for the
# media server to parse at start-up (it needs no ffmpeg at run time); the frame rate and labels live in
# clips.json beside the clips.
#
# Every clip burns in a big label, the clip's running clock and a frame counter, so a person looking at
# a tile can see that it is live.
#
# Usage: npm run media:fixtures   (needs ffmpeg with libx264 and drawtext, and DejaVu fonts)
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=resources/demo-media
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
MONO=/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf
SECONDS_LONG=10
mkdir -p "$OUT"

command -v ffmpeg >/dev/null || { echo "ffmpeg is required to regenerate the fixtures" >&2; exit 1; }
# (grep -q would close the pipe early and trip pipefail, so read the whole list first)
[[ "$(ffmpeg -hide_banner -filters 2>/dev/null)" == *drawtext* ]] || { echo "ffmpeg lacks drawtext" >&2; exit 1; }

# overlay LABEL SIZE: the label, the clip clock and the frame counter, in boxes that stay legible.
overlay() {
  local label=$1 size=$2 small=$(( $2 / 2 ))
  printf '%s' \
    "drawtext=fontfile=${FONT}:text='${label}':fontsize=${size}:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=8:x=(w-tw)/2:y=h*0.12," \
    "drawtext=fontfile=${MONO}:text='%{pts\\:hms}':fontsize=${size}:fontcolor=yellow:box=1:boxcolor=black@0.6:boxborderw=8:x=(w-tw)/2:y=(h-th)/2," \
    "drawtext=fontfile=${MONO}:text='frame %{eif\\:n\\:d\\:3}':fontsize=${small}:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=6:x=(w-tw)/2:y=h*0.78"
}

# encode NAME SOURCE FILTERS BITRATE
encode() {
  local name=$1 source=$2 filters=$3 rate=$4
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "${source}" -t "${SECONDS_LONG}" \
    -vf "${filters},format=yuv420p" -r 25 \
    -c:v libx264 -profile:v baseline -preset medium -tune zerolatency \
    -b:v "${rate}" -maxrate "${rate}" -bufsize "${rate}" \
    -g 50 -keyint_min 50 -sc_threshold 0 -bf 0 \
    -x264-params "keyint=50:min-keyint=50:scenecut=0:aud=1:sliced-threads=0:slices=1" \
    -an -f h264 "${OUT}/${name}.h264"
  echo "${OUT}/${name}.h264 $(stat -c %s "${OUT}/${name}.h264") bytes"
}

S=640x360
encode cam1-testsrc2 "testsrc2=size=${S}:rate=25" "$(overlay 'CAM 1  TEST PATTERN' 30)" 600k
encode cam2-bars "smptebars=size=${S}:rate=25" \
  "drawtext=fontfile=${FONT}:text='>>>':fontsize=28:fontcolor=red:box=1:boxcolor=white:x='mod(t*200,w)':y=h*0.62,$(overlay 'CAM 2  COLOUR BARS' 30)" 600k
encode cam3-mandelbrot "mandelbrot=size=${S}:rate=25:maxiter=200" "$(overlay 'CAM 3  MANDELBROT' 30)" 700k
encode cam4-life "life=size=160x90:rate=25:mold=10:life_color=#00cc66:death_color=#202040:mold_color=#406080,scale=${S}:flags=neighbor" \
  "$(overlay 'CAM 4  LIFE' 30)" 700k
encode hd720-gradients "gradients=size=1280x720:rate=25:speed=0.02" "$(overlay 'HD 720p  GRADIENTS' 56)" 1200k

# The AAC camera's sound for the demo platform's ZLMediaKit habits (--zlm): a 500 Hz tone, AAC-LC,
# 16 kHz mono, as ADTS frames of 1024 samples (64 ms) that the media server loops. Only this one is
# encoded here: G.711 is made in code (media/g711.ts) and the silent AAC frame is ZLMediaKit's own.
ffmpeg -hide_banner -loglevel error -y -f lavfi -i "sine=frequency=500:sample_rate=16000:duration=5.12" \
  -ac 1 -c:a aac -profile:a aac_low -b:a 32k -f adts "${OUT}/tone-500hz-16k.aac"
echo "${OUT}/tone-500hz-16k.aac $(stat -c %s "${OUT}/tone-500hz-16k.aac") bytes"

cat > "${OUT}/clips.json" <<'JSON'
{
  "fps": 25,
  "clips": [
    { "file": "cam1-testsrc2.h264", "label": "CAM 1 test pattern" },
    { "file": "cam2-bars.h264", "label": "CAM 2 colour bars" },
    { "file": "cam3-mandelbrot.h264", "label": "CAM 3 mandelbrot" },
    { "file": "cam4-life.h264", "label": "CAM 4 life" },
    { "file": "hd720-gradients.h264", "label": "HD 720p gradients", "hd": true }
  ]
}
JSON
echo "${OUT}/clips.json written"
