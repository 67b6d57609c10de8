import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import './tabs.css';

export interface TabItem {
  /** Stable value, reported by onChange. */
  id: string;
  label: ReactNode;
  /** The panel's content; when absent, the Tabs' children are shown for this tab. */
  panel?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  /** Controlled selection. */
  value?: string;
  /** Initial selection when uncontrolled; defaults to the first enabled tab. */
  defaultValue?: string;
  onChange?: (id: string) => void;
  /** `auto`: arrow keys select as they move; `manual`: Enter or Space selects. */
  activation?: 'auto' | 'manual';
  /** Content of the active panel for items without their own `panel`. */
  children?: ReactNode;
  className?: string;
}

/** WAI-ARIA tabs: roving tabindex, arrows (mirrored in RTL), Home and End. Only the active panel is rendered. */
export function Tabs({
  items,
  label,
  value,
  defaultValue,
  onChange,
  activation = 'auto',
  children,
  className,
}: TabsProps) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const firstEnabled = items.find((item) => !item.disabled)?.id;
  const [ownValue, setOwnValue] = useState(defaultValue ?? firstEnabled);
  const selected = value ?? ownValue;
  const selectedItem = items.find((item) => item.id === selected);
  // Roving tabindex: Tab enters the list at the selected tab (the first enabled one if none is).
  const tabStop = selectedItem && !selectedItem.disabled ? selected : firstEnabled;

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  const select = (id: string) => {
    if (id === selected) return;
    if (value === undefined) setOwnValue(id);
    onChange?.(id);
  };

  const moveTo = (item: TabItem) => {
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(item.id))}`)?.focus();
    if (activation === 'auto') select(item.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = items.filter((item) => !item.disabled);
    if (enabled.length === 0) return;
    const currentId = (event.target as HTMLElement).dataset.tabId;
    const index = enabled.findIndex((item) => item.id === currentId);
    const isRtl = listRef.current ? getComputedStyle(listRef.current).direction === 'rtl' : false;
    const step = (delta: number) => enabled[(index + delta + enabled.length) % enabled.length];
    let target: TabItem | undefined;
    switch (event.key) {
      case 'ArrowRight':
        target = step(isRtl ? -1 : 1);
        break;
      case 'ArrowLeft':
        target = step(isRtl ? 1 : -1);
        break;
      case 'Home':
        target = enabled[0];
        break;
      case 'End':
        target = enabled.at(-1);
        break;
      case 'Enter':
      case ' ':
        if (currentId) {
          event.preventDefault();
          select(currentId);
        }
        return;
      default:
        return;
    }
    if (!target) return;
    event.preventDefault();
    moveTo(target);
  };

  return (
    <div className={className ? `tabs ${className}` : 'tabs'}>
      <div ref={listRef} className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              id={tabId(item.id)}
              type="button"
              role="tab"
              className="tabs__tab"
              data-tab-id={item.id}
              aria-selected={isSelected}
              // Point only at the panel that exists: inactive panels are not rendered.
              aria-controls={isSelected ? panelId(item.id) : undefined}
              disabled={item.disabled}
              tabIndex={item.id === tabStop ? 0 : -1}
              onClick={() => select(item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {selectedItem && (
        <div
          id={panelId(selectedItem.id)}
          className="tabs__panel"
          role="tabpanel"
          aria-labelledby={tabId(selectedItem.id)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: APG tabs: the panel is a tab stop, since tables and text in it are not.
          tabIndex={0}
        >
          {selectedItem.panel ?? children}
        </div>
      )}
    </div>
  );
}
