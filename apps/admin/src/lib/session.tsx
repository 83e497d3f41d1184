import { type Permission, can as roleCan, type StaffSession } from '@bozor/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, getData, setCsrfToken } from './api.ts';

export const SESSION_KEY = ['session'] as const;

/** Who is signed in (null: nobody), with the CSRF token every write needs. */
export async function fetchSession(): Promise<StaffSession | null> {
  try {
    const session = await getData<StaffSession>('/auth/me');
    setCsrfToken(session.csrf_token);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(undefined);
      return null;
    }
    throw error;
  }
}

export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000 });
}

/** The signed-in member of staff; only under the signed-in layout. */
export function useStaff() {
  const { data } = useSession();
  if (!data) throw new Error('useStaff outside a session');
  return {
    staff: data.staff,
    can: (permission: Permission) => roleCan(data.staff.role, permission),
  };
}

/** Stores a session the sign-in answered with, so the app opens without asking again. */
export function useSetSession() {
  const queryClient = useQueryClient();
  return (session: StaffSession | null) => {
    setCsrfToken(session?.csrf_token);
    if (!session) queryClient.clear();
    queryClient.setQueryData(SESSION_KEY, session);
  };
}
