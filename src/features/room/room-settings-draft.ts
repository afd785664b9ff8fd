import i18next from 'i18next';
import { issueProblems, type CodedFieldProblem } from '../../../electron/shared/domain';
import {
  RoomConfigureInputSchema,
  type RoomConfigureInput,
  type RoomConfigView,
} from '../../../electron/shared/room';
import { roomIssueCode } from '../../../electron/shared/room-problems';
import { roomProblemWords } from './room-words';

/** The Room section's form: every field as typed (numbers as text, so nothing typed is lost). */
export interface RoomSettingsDraft {
  enabled: boolean;
  brokerUrl: string;
  username: string;
  /** A new password; blank keeps the stored one. */
  password: string;
  clearPassword: boolean;
  pcName: string;
  screens: { name: string; display: string }[];
  root: string;
  hosted: boolean;
  hostedHost: string;
  hostedPort: string;
}

export function draftOfRoomConfig(config: RoomConfigView): RoomSettingsDraft {
  return {
    enabled: config.enabled,
    brokerUrl: config.brokerUrl ?? '',
    username: config.username ?? '',
    password: '',
    clearPassword: false,
    pcName: config.pcName,
    screens: config.screens.map((s) => ({ name: s.name, display: s.display ? String(s.display) : '' })),
    root: config.root,
    hosted: config.hostedBroker.enabled,
    hostedHost: config.hostedBroker.host,
    hostedPort: String(config.hostedBroker.port),
  };
}

const number = (text: string): number => (text.trim() === '' ? NaN : Number(text.trim()));

/** What room:configure is sent for the draft (blank broker URL or username: none). */
export function inputOfRoomDraft(draft: RoomSettingsDraft): RoomConfigureInput {
  return {
    enabled: draft.enabled,
    brokerUrl: draft.brokerUrl.trim() || null,
    username: draft.username.trim() || null,
    pcName: draft.pcName.trim(),
    screens: draft.screens.map((s) => ({
      name: s.name.trim(),
      ...(s.display.trim() ? { display: number(s.display) } : {}),
    })),
    root: draft.root.trim(),
    hostedBroker: { enabled: draft.hosted, host: draft.hostedHost.trim(), port: number(draft.hostedPort) },
    ...(draft.password ? { password: draft.password } : {}),
    ...(draft.clearPassword && !draft.password ? { clearPassword: true } : {}),
  };
}

/**
 * The draft's problems by the paths room:configure names them (`brokerUrl`, `screens[1].name`,
 * `hostedBroker.port`): the shared schema's (coded, as the core codes them), and what it cannot say
 * alone (a room needs a broker, its own or another; screen names are one each).
 */
export function roomDraftProblems(draft: RoomSettingsDraft): CodedFieldProblem[] {
  const input = inputOfRoomDraft(draft);
  const problems: CodedFieldProblem[] = [];
  const parsed = RoomConfigureInputSchema.safeParse(input);
  if (!parsed.success) problems.push(...issueProblems(parsed.error.issues, { codeOf: roomIssueCode }));
  if (draft.enabled && !draft.hosted && !input.brokerUrl)
    problems.push({ path: 'brokerUrl', message: i18next.t('room:settings.problemBrokerUrl') });
  const seen = new Set<string>();
  draft.screens.forEach((s, i) => {
    const key = s.name.trim().toLowerCase();
    if (key && seen.has(key))
      problems.push({
        path: `screens[${i}].name`,
        message: i18next.t('room:settings.problemDuplicateScreen'),
      });
    seen.add(key);
  });
  return problems;
}

/** Problems by path, the first per path, in the operator's language (from their codes). */
export function problemsByPath(problems: readonly CodedFieldProblem[]): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const p of problems) byPath[p.path.replace(/^\$\.?/, '')] ??= roomProblemWords(p);
  return byPath;
}
