import { useTranslation } from '../../lib/i18n/react.tsx';
import { buttonClass } from './button.ts';
import { AlertIcon } from './icons.tsx';
import { StateMessage } from './state-message.tsx';

/** A failed query: the message and a button that asks again. */
export function ErrorState({
  message,
  onRetry,
  className,
}: {
  message?: string;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <StateMessage
      role="alert"
      className={className}
      icon={<AlertIcon className="size-7" />}
      title={t('states.error_title')}
      text={message ?? t('states.error_text')}
      action={
        <button type="button" onClick={onRetry} className={buttonClass('primary')}>
          {t('states.retry')}
        </button>
      }
    />
  );
}
