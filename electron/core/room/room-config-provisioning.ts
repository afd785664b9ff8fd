import type { ErrorParams, FieldProblem } from '../../shared/domain';
import type { CipherTier } from '../../shared/profile';
import { VAULT_MARKER, type ProvisionedRoom } from '../../shared/provisioning';
import type { RoomConfig } from '../../shared/room';
import { brokerBindingChange, brokerRebindWords, type BrokerRebindReason } from '../../shared/secret-binding';
import { roomConfigProblems, type RoomPasswordChange } from './room-config-store';

/** This PC's room as it is now, for checking a provisioning file's `room` section against it. */
export interface RoomProvisioningContext {
  config: RoomConfig;
  password: { stored: boolean; boundTo: string | null };
}

/** What importing the `room` section will write. */
export interface RoomPlan {
  config: RoomConfig;
  password: RoomPasswordChange;
}

/**
 * A provisioning file's `room` section checked against this PC's room, with every problem at its JSON
 * path, and the settings it gives: keys left out keep the current ones. The password is handled like
 * a profile's secret: a plain one is stored (where the machine can encrypt), the vault marker keeps the
 * stored one only for the same broker address, and none at all keeps the stored one for the same
 * broker or forgets it for another (it must never follow the room to a new broker).
 */
export function checkRoomSection(
  room: ProvisionedRoom,
  ctx: RoomProvisioningContext,
  tier: CipherTier,
): { problems: FieldProblem[]; plan: RoomPlan } {
  const now = ctx.config;
  const config: RoomConfig = {
    enabled: room.enabled ?? true,
    brokerUrl: room.brokerUrl ?? now.brokerUrl,
    username: room.username ?? now.username,
    pcName: room.pcName ?? now.pcName,
    screens: room.screens ?? now.screens,
    root: room.root ?? now.root,
    hostedBroker: room.hostedBroker
      ? {
          enabled: room.hostedBroker.enabled,
          host: room.hostedBroker.host ?? now.hostedBroker.host,
          port: room.hostedBroker.port ?? now.hostedBroker.port,
        }
      : now.hostedBroker,
  };
  const problems: FieldProblem[] = [];
  const rebind = brokerBindingChange(config.brokerUrl, ctx.password.boundTo);
  let password: RoomPasswordChange;
  if (room.password === VAULT_MARKER) {
    password = { kind: 'keep' };
    if (!ctx.password.stored)
      problems.push({
        path: '$.room.password',
        message:
          'says the password is in the vault, but this computer has none stored: put the password itself in the file',
        code: 'problem.vault.noRoomPassword',
      });
    else if (rebind)
      problems.push({
        path: '$.room.password',
        message: `says the password is in the vault, but the stored one cannot be used: ${brokerRebindWords(rebind)}; put the password itself in the file`,
        ...markerRebindCode(rebind),
      });
  } else if (room.password !== undefined) {
    password = { kind: 'set', password: room.password, acceptWeakStorage: room.acceptWeakStorage === true };
    if (tier === 'unavailable')
      problems.push({
        path: '$.room.password',
        message: 'this machine cannot encrypt secrets now, so it cannot be stored',
        code: 'problem.vault.roomCannotEncrypt',
      });
    else if (tier === 'weak' && room.acceptWeakStorage !== true)
      problems.push({
        path: '$.room.acceptWeakStorage',
        message:
          'only weak secret storage exists here (Linux basic_text); set true to store the password anyway',
        code: 'problem.vault.roomWeak',
      });
  } else {
    // No password in the file: the stored one stays for its own broker, and is forgotten for another.
    password = ctx.password.stored && rebind ? { kind: 'clear' } : { kind: 'keep' };
  }
  const binding = password.kind === 'clear' ? { stored: false, boundTo: null } : ctx.password;
  for (const problem of roomConfigProblems(config, password, binding))
    if (!(room.password === VAULT_MARKER && problem.path === 'password'))
      problems.push({ ...problem, path: `$.room.${problem.path}` });
  return { problems, plan: { config, password } };
}

/** The vault marker's stored password bound to another broker, coded by which side is this PC's own. */
function markerRebindCode({ from, to }: BrokerRebindReason): { code: string; params: ErrorParams } {
  if (from === null) return { code: 'problem.vault.roomRebindFromHosted', params: { to: to ?? '' } };
  if (to === null) return { code: 'problem.vault.roomRebindToHosted', params: { from } };
  return { code: 'problem.vault.roomRebind', params: { from, to } };
}
