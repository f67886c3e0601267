import { useTranslation } from 'react-i18next';
import type { SimEvent } from '@cab/contract/sim-events';
import { describeEventDetails } from './describe-details';
import './sim-events.css';

/** An event's kind as a short tag (the SIM page's Events tab and /events share it). */
export function SimEventType({ event }: { event: SimEvent }) {
  const { t } = useTranslation();
  return (
    <span className={`sim-event-type sim-event-type--${event.type}`} data-testid="sim-event-type">
      {t(`simEvents.type.${event.type}`)}
    </span>
  );
}

/** Who or what did it: the network, billing, the MSU… or a user named by e-mail. */
export function SimEventActor({ event }: { event: SimEvent }) {
  const { t } = useTranslation();
  const kind = t(`simEvents.actor.${event.actor.kind}`);
  return (
    <span className="sim-event-actor" data-testid="sim-event-actor">
      {kind}
      {event.actor.label ? <span className="sim-event-actor__label"> · {event.actor.label}</span> : null}
    </span>
  );
}

/** The event's few values as one readable line ("Operator 262-01, country DE, was 250-01 / RU"). */
export function SimEventDetails({ event }: { event: SimEvent }) {
  const { t, i18n } = useTranslation();
  const text = describeEventDetails(event, (key, values) => t(key, values ?? {}), i18n.language);
  return <span className="sim-event-details">{text || '—'}</span>;
}
