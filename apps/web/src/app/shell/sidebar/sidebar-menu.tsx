import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from './menu-entries';

function MenuLink({ entry, compact }: { entry: MenuEntry; compact: boolean }) {
  const { t } = useTranslation();
  const label = t(entry.labelKey);
  return (
    <NavLink
      to={entry.to ?? '/home'}
      className={({ isActive }) => `side-menu__link${isActive ? ' side-menu__link--active' : ''}`}
      data-testid={`menu-${entry.name}`}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
    >
      <i className={`pi ${entry.icon} side-menu__icon`} aria-hidden="true" />
      {!compact && <span className="side-menu__label">{label}</span>}
    </NavLink>
  );
}

function MenuGroup({ entry, compact }: { entry: MenuEntry; compact: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const children = entry.children ?? [];
  const containsActive = children.some((child) => child.to && pathname.startsWith(child.to));
  const [open, setOpen] = useState(containsActive);
  const expanded = open || containsActive;
  const label = t(entry.labelKey);
  const listId = `side-menu-${entry.name}`;
  return (
    <li>
      <button
        type="button"
        className={`side-menu__link side-menu__group${containsActive ? ' side-menu__link--active' : ''}`}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-label={compact ? label : undefined}
        title={compact ? label : undefined}
        data-testid={`menu-${entry.name}`}
        onClick={() => setOpen(!expanded)}
      >
        <i className={`pi ${entry.icon} side-menu__icon`} aria-hidden="true" />
        {!compact && <span className="side-menu__label">{label}</span>}
        {!compact && (
          <i className={`pi ${expanded ? 'pi-chevron-up' : 'pi-chevron-down'} side-menu__chevron`} aria-hidden="true" />
        )}
      </button>
      {expanded && (
        <ul id={listId} className={`side-menu__sub${compact ? ' side-menu__sub--compact' : ''}`}>
          {children.map((child) => (
            <li key={child.name}>
              <MenuLink entry={child} compact={compact} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function SidebarMenu({ entries, compact }: { entries: MenuEntry[]; compact: boolean }) {
  return (
    <ul className="side-menu">
      {entries.map((entry) =>
        entry.children ? (
          <MenuGroup key={entry.name} entry={entry} compact={compact} />
        ) : (
          <li key={entry.name}>
            <MenuLink entry={entry} compact={compact} />
          </li>
        ),
      )}
    </ul>
  );
}
