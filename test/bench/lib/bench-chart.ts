/** The figures the chart draws. */
export interface ChartInput {
  title: string;
  /** Lines under the title. */
  subtitle: string[];
  tiles: { key: string; fps: number; droppedPct: number }[];
  targetFps: number;
  /** Per 5-second bucket: seconds since the window began, latency p50/p95 (s), PSS (MiB). */
  timeline: { t: number; latencyP50: number | null; latencyP95: number | null; pssMiB: number }[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A self-contained SVG: per-tile fps bars (coloured by dropped %), and latency and memory over the
 * window. Written by hand so the benchmark needs no charting package.
 */
export function renderChart(input: ChartInput): string {
  const W = 1000;
  const pad = 50;
  const parts: string[] = [];
  parts.push(`<text x="${pad}" y="28" font-size="18" font-weight="600">${esc(input.title)}</text>`);
  input.subtitle
    .slice(0, 2)
    .forEach((line, i) =>
      parts.push(`<text x="${pad}" y="${46 + i * 15}" font-size="12" fill="#9db0c2">${esc(line)}</text>`),
    );

  // Panel 1: fps per tile.
  const p1 = { x: pad, y: 90, w: W - 2 * pad, h: 200 };
  const maxFps = Math.max(30, ...input.tiles.map((t) => t.fps));
  const bw = p1.w / Math.max(1, input.tiles.length);
  const yFps = (v: number) => p1.y + p1.h - (v / maxFps) * p1.h;
  parts.push(
    `<text x="${p1.x}" y="${p1.y - 6}" font-size="13">fps per tile (bar colour: dropped %: green ≤ 1, amber ≤ 5, red above)</text>`,
  );
  parts.push(
    `<rect x="${p1.x}" y="${p1.y}" width="${p1.w}" height="${p1.h}" fill="#151c24" stroke="#2c3947"/>`,
  );
  input.tiles.forEach((t, i) => {
    const colour = t.droppedPct <= 1 ? '#4cd39a' : t.droppedPct <= 5 ? '#f2c14e' : '#ff7a7a';
    const x = p1.x + i * bw + bw * 0.15;
    const y = yFps(t.fps);
    parts.push(
      `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(bw * 0.7).toFixed(1)}" height="${(p1.y + p1.h - y).toFixed(1)}" fill="${colour}"><title>${esc(t.key)}: ${t.fps.toFixed(1)} fps, ${t.droppedPct.toFixed(1)} % dropped</title></rect>`,
    );
  });
  const target = yFps(input.targetFps);
  parts.push(
    `<line x1="${p1.x}" x2="${p1.x + p1.w}" y1="${target}" y2="${target}" stroke="#8fd0ff" stroke-dasharray="6 4"/>`,
  );
  parts.push(
    `<text x="${p1.x + p1.w - 4}" y="${target - 4}" font-size="11" text-anchor="end" fill="#8fd0ff">target ${input.targetFps} fps</text>`,
  );
  for (const v of [0, 10, 20, 30].filter((v) => v <= maxFps))
    parts.push(
      `<text x="${p1.x - 6}" y="${yFps(v) + 4}" font-size="10" text-anchor="end" fill="#9db0c2">${v}</text>`,
    );

  // Panels 2 and 3: latency and PSS over time.
  const line = (
    box: { x: number; y: number; w: number; h: number },
    series: { values: (number | null)[]; colour: string; label: string }[],
    unit: string,
    targetLine?: { value: number; label: string },
  ) => {
    const ts = input.timeline.map((p) => p.t);
    const tMax = Math.max(1, ...ts);
    const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
    const vMax = Math.max(targetLine?.value ?? 0, ...all, 0.001) * 1.15;
    const X = (t: number) => box.x + (t / tMax) * box.w;
    const Y = (v: number) => box.y + box.h - (v / vMax) * box.h;
    parts.push(
      `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="#151c24" stroke="#2c3947"/>`,
    );
    series.forEach((s, si) => {
      const pts = s.values
        .map((v, i) => (v === null ? null : `${X(ts[i]).toFixed(1)},${Y(v).toFixed(1)}`))
        .filter(Boolean)
        .join(' ');
      parts.push(`<polyline points="${pts}" fill="none" stroke="${s.colour}" stroke-width="2"/>`);
      parts.push(
        `<text x="${box.x + 8 + si * 150}" y="${box.y + 16}" font-size="11" fill="${s.colour}">${esc(s.label)}</text>`,
      );
    });
    if (targetLine) {
      const y = Y(targetLine.value);
      parts.push(
        `<line x1="${box.x}" x2="${box.x + box.w}" y1="${y}" y2="${y}" stroke="#8fd0ff" stroke-dasharray="6 4"/>`,
      );
      parts.push(
        `<text x="${box.x + box.w - 4}" y="${y - 4}" font-size="11" text-anchor="end" fill="#8fd0ff">${esc(targetLine.label)}</text>`,
      );
    }
    parts.push(
      `<text x="${box.x - 6}" y="${box.y + 10}" font-size="10" text-anchor="end" fill="#9db0c2">${(vMax / 1.15).toFixed(vMax < 10 ? 2 : 0)}${unit}</text>`,
    );
    parts.push(
      `<text x="${box.x - 6}" y="${box.y + box.h}" font-size="10" text-anchor="end" fill="#9db0c2">0</text>`,
    );
    parts.push(
      `<text x="${box.x + box.w}" y="${box.y + box.h + 14}" font-size="10" text-anchor="end" fill="#9db0c2">${tMax.toFixed(0)} s</text>`,
    );
  };
  const p2 = { x: pad, y: 330, w: W - 2 * pad, h: 150 };
  parts.push(
    `<text x="${p2.x}" y="${p2.y - 6}" font-size="13">latency behind the live edge over the window (all tiles)</text>`,
  );
  line(
    p2,
    [
      { values: input.timeline.map((p) => p.latencyP50), colour: '#4fa8ff', label: 'p50' },
      { values: input.timeline.map((p) => p.latencyP95), colour: '#f2c14e', label: 'p95' },
    ],
    ' s',
    { value: 0.5, label: 'target p95 0.5 s' },
  );
  const p3 = { x: pad, y: 520, w: W - 2 * pad, h: 120 };
  parts.push(
    `<text x="${p3.x}" y="${p3.y - 6}" font-size="13">Chromium PSS over the window (MiB, all processes)</text>`,
  );
  line(p3, [{ values: input.timeline.map((p) => p.pssMiB), colour: '#4cd39a', label: 'PSS' }], ' MiB');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="670" viewBox="0 0 ${W} 670" font-family="system-ui, sans-serif" fill="#e4eaf0"><rect width="100%" height="100%" fill="#0e1318"/>${parts.join('')}</svg>\n`;
}
