import type { Permission } from '@bozor/shared';
import { useStaff } from '../../lib/session.tsx';

/** Whether the signed-in role may make the writes `permission` names (the others only read). */
export function useCanWrite(permission: Permission): boolean {
  return useStaff().can(permission);
}
