import { useTranslation } from 'react-i18next';
import type { OperationState } from '@cab/contract/operations';

const ICON: Record<OperationState, string> = {
  running: 'pi-spin pi-spinner',
  done: 'pi-check-circle',
  cancelled: 'pi-ban',
  failed: 'pi-times-circle',
};

/** State of an operation in words with an icon (never by colour alone). */
export function OperationStateTag({ state, fail }: { state: OperationState; fail: number }) {
  const { t } = useTranslation();
  const tone = state === 'done' && fail > 0 ? 'warn' : state === 'done' ? 'ok' : state === 'running' ? 'info' : 'muted';
  return (
    <span className={`op-state op-state--${tone}`} data-testid="operation-state" data-state={state}>
      <i className={`pi ${ICON[state]}`} aria-hidden="true" />
      {t(`operations.state.${state}`)}
      {state === 'done' && fail > 0 ? ` · ${t('operations.withFailures')}` : ''}
    </span>
  );
}

/** "1 min 05 s", "3 h 02 min": a duration short enough for a table cell. */
export function formatDuration(seconds: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (seconds < 60) return t('operations.duration.s', { s: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('operations.duration.ms', { m: minutes, s: String(seconds % 60).padStart(2, '0') });
  return t('operations.duration.hm', { h: Math.floor(minutes / 60), m: String(minutes % 60).padStart(2, '0') });
}
