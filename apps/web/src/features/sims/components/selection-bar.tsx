import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';

interface SelectionBarProps {
  /** Rows chosen one by one (across pages). */
  selectedCount: number;
  allMatching: boolean;
  /** Whether every row of the current page is selected. */
  pageFullySelected: boolean;
  pageCount: number;
  /** Matches of the filter, already formatted ("4,000", "10,000+"). */
  totalLabel: string;
  canSelectMore: boolean;
  /** The bound of one-by-one selection was reached. */
  truncated: boolean;
  maxLabel: string;
  onSelectAllMatching: () => void;
  onClear: () => void;
}

/** Gmail-like banner: from "this page" to "everything matching the filter". */
export function SelectionBar(props: SelectionBarProps) {
  const { t } = useTranslation();
  if (props.allMatching) {
    return (
      <div className="selection-bar" role="status">
        <span>{t('sims.allMatchingSelected', { count: props.totalLabel })}</span>
        <Button
          type="button"
          link
          label={t('sims.clearSelection')}
          onClick={props.onClear}
          data-testid="sims-clear-selection"
        />
      </div>
    );
  }
  if (props.truncated) {
    return (
      <div className="selection-bar selection-bar--warn" role="status" data-testid="sims-selection-bound">
        <span>{t('simTools.selection.bound', { max: props.maxLabel })}</span>
        {props.canSelectMore && (
          <Button
            type="button"
            link
            label={t('sims.selectAllMatching', { count: props.totalLabel })}
            onClick={props.onSelectAllMatching}
            data-testid="sims-select-all-matching"
          />
        )}
      </div>
    );
  }
  if (!props.pageFullySelected || !props.canSelectMore) return null;
  return (
    <div className="selection-bar" role="status">
      <span>{t('sims.pageSelected', { count: props.pageCount })}</span>
      <Button
        type="button"
        link
        label={t('sims.selectAllMatching', { count: props.totalLabel })}
        onClick={props.onSelectAllMatching}
        data-testid="sims-select-all-matching"
      />
    </div>
  );
}
