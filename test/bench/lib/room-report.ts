import type { SendSplit, Summary } from './room-figures';

/** What the printed table needs of a run's result (the JSON holds more). */
export interface RoomReportInput {
  args: { broker: string; sends: number; tiles: number; screens: number; rounds: number };
  machine: { loadAverageAtStart: (number | null)[]; loadAverageAtEnd: (number | null)[] };
  picture: { machineBusyPct: number; summaryMs: Record<keyof SendSplit, Summary> } | null;
  screens: {
    brokerCpuPct: number | null;
    nodeCpuPct: number;
    machineBusyPct: number;
    windowMs: number;
    summaryMs: { delivered: Summary; announced: Summary; reported: Summary } | null;
  } | null;
}

const LABELS: Record<keyof SendSplit, string> = {
  answered: 'send answered (broker acked)',
  delivered: 'a plain subscriber got the desired message',
  announced: 'screen core announced it',
  firstPicture: 'first new picture',
  allPictures: 'every new tile’s first picture',
  announcedToPicture: 'announced -> first picture',
  reported: 'screen reported the revision',
};

const ms = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)}`);
const row = (label: string, s: Summary) =>
  `| ${label} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} | ${s.count}${s.missing ? ` (${s.missing} missing)` : ''} |`;

/** The run's figures as Markdown tables (ready for docs/benchmarks.md). */
export function printRoomReport(result: RoomReportInput, print: (line: string) => void): void {
  const { args, machine } = result;
  print('');
  print(
    `Control room over ${args.broker} — load average ${machine.loadAverageAtStart.join(' / ')} at start, ${machine.loadAverageAtEnd.join(' / ')} at end`,
  );
  if (result.picture) {
    print('');
    print(
      `Send to first new picture: ${args.sends} sends, views of ${args.tiles} devices alternating (machine ${result.picture.machineBusyPct} % busy)`,
    );
    print('');
    print('| from the console’s room:send to | p50 ms | p95 ms | max ms | sends |');
    print('| --- | --- | --- | --- | --- |');
    for (const [step, label] of Object.entries(LABELS) as [keyof SendSplit, string][])
      print(row(label, result.picture.summaryMs[step]));
  }
  if (result.screens?.summaryMs) {
    const s = result.screens;
    print('');
    print(
      `${args.screens} screens on one broker: ${args.rounds} rounds of a send to every screen at once (${(s.windowMs / 1000).toFixed(1)} s, machine ${s.machineBusyPct} % busy)`,
    );
    print('');
    print('| from the console’s room:send to | p50 ms | p95 ms | max ms | sends |');
    print('| --- | --- | --- | --- | --- |');
    print(row('a plain subscriber got the desired message', s.summaryMs!.delivered));
    print(row('screen core announced it', s.summaryMs!.announced));
    print(row('screen reported the revision', s.summaryMs!.reported));
    print('');
    print(
      `broker CPU: ${s.brokerCpuPct === null ? 'in this process (hosted)' : `${s.brokerCpuPct} % of a core`}; this Node process (every core, shell, demo platform${s.brokerCpuPct === null ? ', the broker' : ''}): ${s.nodeCpuPct} % of a core`,
    );
  }
}
