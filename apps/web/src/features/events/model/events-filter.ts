import { SIM_EVENT_TYPES, type CompanyEventsRequest, type SimEventType } from '@cab/contract/sim-events';
import { SIM_LABEL_MAX_LENGTH, SIM_LABEL_PATTERN } from '@cab/contract/constants';
import { id, isoDay, matching, oneOf, text, urlState } from '@/lib/url-state';

/** The events page's filter in the URL: a link to /events?sim=<ICCID> opens one SIM's events. */
export const EVENTS_URL = urlState({
  sim: matching(/^\d{0,22}$/, (raw) => raw.trim()),
  group: id,
  label: text(SIM_LABEL_MAX_LENGTH),
  type: oneOf(SIM_EVENT_TYPES),
  from: isoDay,
  to: isoDay,
});

export type EventsUrlState = ReturnType<typeof EVENTS_URL.parse>;
export type EventsFilter = Omit<CompanyEventsRequest, 'size' | 'cursor'>;

/** Why the filter cannot be asked as it is; null when it can. */
export type EventsFilterProblem = 'label' | 'range_order' | null;

export function eventsFilterProblem(state: EventsUrlState): EventsFilterProblem {
  if (state.label.trim() && !SIM_LABEL_PATTERN.test(state.label.trim())) return 'label';
  if (state.from && state.to && state.from > state.to) return 'range_order';
  return null;
}

const dayStart = (value: string) => Date.parse(`${value}T00:00:00Z`) / 1000;

/** The API's filter: only what is set; the "to" day is whole (up to the next day's start). */
export function toEventsFilter(state: EventsUrlState): EventsFilter {
  const label = state.label.trim();
  const types: SimEventType[] | undefined = state.type ? [state.type] : undefined;
  return {
    ...(state.sim ? { iccid: state.sim } : {}),
    ...(state.group ? { group: state.group } : {}),
    ...(label ? { label } : {}),
    ...(types ? { types } : {}),
    ...(state.from ? { from: dayStart(state.from) } : {}),
    ...(state.to ? { to: dayStart(state.to) + 86_400 } : {}),
  };
}
