import { Fragment, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OverlayPanel } from 'primereact/overlaypanel';
import type { CreatableQueueReason, SimSelection } from '@cab/contract/queue';
import { HintedButton } from '@/components/hinted-button';
import { useMe } from '@/lib/me-query';
import { OperationDialog } from './operation-dialog';
import type { SeeAll } from './selection-preview';
import {
  canRunAnyOperation,
  countIneligible,
  OPERATION_SECTIONS,
  whyUnavailable,
  type OperationTarget,
} from './operation-rules';

export interface OperationsMenuProps {
  /** Null while nothing is selected: the button stays disabled. */
  selection: SimSelection | null;
  target: OperationTarget;
  /** What the operation acts on, in words, for the confirm dialog. */
  targetLabel: string;
  buttonTestId?: string;
  /** A compact icon-only trigger (table rows). */
  compact?: boolean;
  /** Where the confirm dialog's "see all" of the selected SIMs leads. */
  seeAll?: SeeAll;
  onQueued?: () => void;
}

/** The bulk operations of the cards list, a SIM page and a group: one menu, one dialog per reason. */
export function OperationsMenu({
  selection,
  target,
  targetLabel,
  buttonTestId = 'sims-actions',
  compact,
  seeAll,
  onQueued,
}: OperationsMenuProps) {
  const { t } = useTranslation();
  const me = useMe();
  const panel = useRef<OverlayPanel>(null);
  const [reason, setReason] = useState<CreatableQueueReason | null>(null);
  const role = me.data?.user.role ?? 'viewer';
  const ctx = { role, companyBlocked: me.data?.user.company_block === true, target };
  const allowed = canRunAnyOperation(role);
  const buttonHint = !allowed ? t('ops.why.role') : selection === null ? t('ops.selectFirst') : undefined;

  function open(next: CreatableQueueReason): void {
    panel.current?.hide();
    setReason(next);
  }

  return (
    <>
      <HintedButton
        type="button"
        label={compact ? undefined : t('ops.button')}
        icon={compact ? 'pi pi-ellipsis-v' : 'pi pi-bolt'}
        iconPos="left"
        outlined={compact}
        text={compact}
        aria-label={t('ops.button')}
        aria-haspopup="menu"
        disabled={!allowed || selection === null || me.isPending}
        hint={buttonHint}
        onClick={(event) => panel.current?.toggle(event)}
        data-testid={buttonTestId}
      />
      <OverlayPanel ref={panel} className="ops-panel" aria-label={t('ops.button')}>
        <ul className="menu-list ops-menu" role="menu" aria-label={t('ops.button')}>
          {OPERATION_SECTIONS.map((section, index) => (
            <Fragment key={section[0]}>
              {index > 0 && <li role="separator" className="ops-menu__separator" />}
              {section.map((item) => {
                const why = whyUnavailable(item, ctx);
                return (
                  <li role="none" key={item}>
                    <button
                      type="button"
                      role="menuitem"
                      className="menu-list__item ops-menu__item"
                      disabled={why !== null}
                      aria-disabled={why !== null}
                      title={why ? t(`ops.why.${why}`) : undefined}
                      onClick={() => open(item)}
                      data-testid={`sims-action-${item}`}
                    >
                      <span className="ops-menu__label">{t(`queue.reasons.${item}`)}</span>
                      {why && <small className="ops-menu__why">{t(`ops.why.${why}`)}</small>}
                    </button>
                  </li>
                );
              })}
            </Fragment>
          ))}
        </ul>
      </OverlayPanel>
      {selection && (
        <OperationDialog
          reason={reason}
          selection={selection}
          targetLabel={targetLabel}
          ineligible={reason && target.kind === 'ids' ? countIneligible(reason, target.profiles) : 0}
          seeAll={seeAll}
          onHide={() => setReason(null)}
          onQueued={onQueued}
        />
      )}
    </>
  );
}
