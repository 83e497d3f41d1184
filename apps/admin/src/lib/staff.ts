import type { StaffMember } from '@bozor/shared';
import { useQuery } from '@tanstack/react-query';
import { getData } from './api.ts';

export const STAFF_KEY = ['staff'] as const;

/** Every member of staff (owners only): the staff page, and the audit log's filter by who. */
export function useStaffList(enabled = true) {
  return useQuery({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }) => getData<StaffMember[]>('/staff', undefined, signal),
    enabled,
  });
}
