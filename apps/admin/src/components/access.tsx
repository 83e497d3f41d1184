import type { Permission } from '@bozor/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../lib/i18n.tsx';
import { useStaff } from '../lib/session.tsx';

/** A page a role may not read says so instead of showing refusals. */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const { can } = useStaff();
  if (!can(permission))
    return <p className="py-16 text-center text-muted">{t('common.noAccess')}</p>;
  return children;
}

export function NotFound() {
  const { t } = useI18n();
  return (
    <div className="py-16 text-center">
      <p className="text-lg font-semibold">{t('common.notFound')}</p>
      <Link to="/" className="mt-2 inline-block text-primary hover:underline">
        {t('nav.dashboard')}
      </Link>
    </div>
  );
}
