import { type ContractDocument, type CreditDetail, formatPhone, OTP_LENGTH } from '@bozor/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { CodeEntry, emptyCode } from '../../../components/ui/code-boxes.tsx';
import { AlertIcon, CheckIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useFormatDate, useFormatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../../lib/list-state.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { toast } from '../../../lib/toast.ts';
import { useCredit } from '../../installments/index.ts';
import {
  downloadContractPdf,
  useContract,
  useSendContractCode,
  useSignContract,
} from '../api/contract.ts';

const emptyOtp = () => emptyCode(OTP_LENGTH);

/** After signing: the prepayment is paid on the card selection screen, or the order is placed. */
function useContinueAfterSigning(creditId: number) {
  const navigate = useNavigate();
  return (credit: Pick<CreditDetail, 'order_id' | 'prepayment_due'>) =>
    navigate(
      credit.prepayment_due > 0
        ? `/checkout/list-cards?credit=${creditId}&first=1`
        : `/checkout/thanks?order=${credit.order_id}`,
    );
}

function ContractText({ contract }: { contract: ContractDocument }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  return (
    <article className="flex flex-col gap-4 rounded-[12px] bg-white p-4 text-sm leading-relaxed md:p-6">
      <header className="flex flex-col gap-1">
        <h2 className="text-lg font-bold">{contract.title}</h2>
        <p className="text-muted">
          {t('checkout.contract.number', { number: contract.number })} · {date(contract.date)}
        </p>
      </header>
      {contract.sections.map((section) => (
        <section key={section.heading} className="flex flex-col gap-2">
          <h3 className="font-semibold">{section.heading}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <section className="flex flex-col gap-2">
        <h3 className="font-semibold">{t('checkout.contract.schedule')}</h3>
        <table className="w-full text-left tabular-nums">
          <thead className="text-xs text-muted">
            <tr>
              <th className="py-1 pr-2 font-medium">№</th>
              <th className="py-1 pr-2 font-medium">{t('checkout.contract.due_date')}</th>
              <th className="py-1 text-right font-medium">{t('checkout.contract.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {contract.schedule.map((row) => (
              <tr key={row.number} className="border-t border-line">
                <td className="py-1.5 pr-2">{row.number}</td>
                <td className="py-1.5 pr-2">{date(row.due_date)}</td>
                <td className="py-1.5 text-right whitespace-nowrap">{money(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </article>
  );
}

/** "Send code", then the six boxes with the resend countdown; a right code signs. */
function SignPanel({
  creditId,
  onSigned,
}: {
  creditId: number;
  /** Called with the signed credit; this panel is gone by then (the contract is signed). */
  onSigned: (credit: CreditDetail) => void;
}) {
  const { t } = useTranslation();
  const send = useSendContractCode(creditId);
  const sign = useSignContract(creditId);
  const [sent, setSent] = useState<{ phone: string; until: number } | null>(null);
  const [code, setCode] = useState(emptyOtp);
  const [error, setError] = useState<string | null>(null);

  const sendCode = () => {
    setError(null);
    send.mutate(undefined, {
      onSuccess: (answer) => {
        setSent({ phone: answer.data.phone, until: Date.now() + answer.data.wait * 1000 });
        setCode(emptyOtp());
      },
      onError: (failure) => {
        toast.error(failureMessage(failure));
        if (failure instanceof ApiError && failure.retryAfter && !sent) {
          setSent({ phone: '', until: Date.now() + failure.retryAfter * 1000 });
        }
      },
    });
  };

  // awaited rather than given callbacks: a signed contract replaces this panel, and a mutation's
  // per-call callbacks do not run once the component that called it is gone
  const submit = async (otp: string) => {
    setError(null);
    let answer: Awaited<ReturnType<typeof sign.mutateAsync>>;
    try {
      answer = await sign.mutateAsync(otp);
    } catch (failure) {
      setCode(emptyOtp());
      setError(failureMessage(failure));
      return;
    }
    toast.success(answer.message);
    onSigned(answer.data);
  };

  return (
    <section
      aria-labelledby="sign-title"
      className="flex flex-col gap-3 rounded-[12px] bg-white p-4 md:p-5"
    >
      <h2 id="sign-title" className="text-base font-bold md:text-lg">
        {t('checkout.contract.sign_title')}
      </h2>
      {!sent ? (
        <>
          <p className="text-sm text-muted">{t('checkout.contract.sign_text')}</p>
          <button
            type="button"
            onClick={sendCode}
            disabled={send.isPending}
            className={cn(buttonClass('primary'), 'h-12 w-full text-base')}
          >
            {send.isPending ? t('checkout.contract.sending') : t('checkout.contract.send_code')}
          </button>
        </>
      ) : (
        <>
          {sent.phone && (
            <p className="text-sm text-muted">
              {t('checkout.contract.code_sent', { phone: formatPhone(sent.phone) || sent.phone })}
            </p>
          )}
          <CodeEntry
            length={OTP_LENGTH}
            value={code}
            onChange={setCode}
            onComplete={(otp) => void submit(otp)}
            checking={sign.isPending}
            error={error}
            resendAt={sent.until}
            onResend={sendCode}
            resending={send.isPending}
          />
        </>
      )}
    </section>
  );
}

/**
 * `/contract/show?credit={id}`: the credit's contract, its PDF, and signing it with an SMS code;
 * a signed one says when it was signed and leads on to paying the prepayment.
 */
export function ContractPage({ creditId }: { creditId: number }) {
  const { t } = useTranslation();
  const date = useFormatDate();
  const contract = useContract(creditId);
  const continueOn = useContinueAfterSigning(creditId);
  const [downloading, setDownloading] = useState(false);
  const credit = useCredit(creditId).data;
  usePageMeta(t('checkout.contract.title'));

  const download = async () => {
    if (!contract.data) return;
    setDownloading(true);
    try {
      await downloadContractPdf(creditId, `bozor-${contract.data.number}.pdf`);
    } catch (failure) {
      toast.error(failureMessage(failure));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-[880px] flex-col gap-4 px-3 pt-4 pb-10 md:px-4 md:pt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold md:text-2xl">{t('checkout.contract.title')}</h1>
        {contract.isSuccess && (
          <button
            type="button"
            onClick={() => void download()}
            disabled={downloading}
            className={buttonClass('secondary')}
          >
            {t('checkout.contract.download')}
          </button>
        )}
      </div>
      {contract.isPending ? (
        <div className="flex flex-col gap-3 rounded-[12px] bg-white p-6" aria-busy="true">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-4/6" />
        </div>
      ) : contract.isError ? (
        <StateMessage
          role="alert"
          icon={<AlertIcon className="size-7" />}
          title={t('checkout.contract.not_found')}
          text={listErrorMessage(contract.error, t)}
          action={
            <div className="flex flex-col gap-2 sm:flex-row">
              <Link to="/profile/installments" className={buttonClass('secondary')}>
                {t('checkout.contract.my_installments')}
              </Link>
              <button
                type="button"
                onClick={() => void contract.refetch()}
                className={buttonClass('primary')}
              >
                {t('states.retry')}
              </button>
            </div>
          }
        />
      ) : (
        <>
          <ContractText contract={contract.data} />
          {contract.data.signed_at ? (
            <section className="flex flex-col gap-3 rounded-[12px] bg-white p-4 md:flex-row md:items-center md:justify-between md:p-5">
              <p className="flex items-center gap-2 text-sm font-semibold text-success">
                <CheckIcon className="size-5" />
                {t('checkout.contract.signed', { date: date(contract.data.signed_at, true) })}
              </p>
              <button
                type="button"
                disabled={credit == null}
                onClick={() => {
                  if (credit) void continueOn(credit);
                }}
                className={buttonClass('primary')}
              >
                {t('checkout.contract.continue')}
              </button>
            </section>
          ) : (
            <SignPanel creditId={creditId} onSigned={(signed) => void continueOn(signed)} />
          )}
        </>
      )}
    </div>
  );
}
