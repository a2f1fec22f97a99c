import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@shop/ui';

const List = styled.div`
  display: flex;
  gap: 0.25rem;
  margin-bottom: 1.5rem;
  border-bottom: 1px solid ${theme.colors.border};
  /* More tabs than a phone's width go on a second row: every section stays in sight (scrolled
     sideways they hid half of them, with no sign that there were more). */
  flex-wrap: wrap;
`;

const Tab = styled.button`
  flex: 0 0 auto;
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  padding: 0 0.5rem;
  border: 0;
  border-bottom: 3px solid transparent;
  margin-bottom: -1px;
  background: transparent;
  color: ${theme.colors.muted};
  font: inherit;
  font-size: 0.9375rem;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    color: ${theme.colors.brand};
  }
  &[aria-selected='true'] {
    color: ${theme.colors.brand};
    border-bottom-color: ${theme.colors.accent};
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: -3px;
  }
  @media (min-width: 480px) {
    padding: 0 1rem;
    font-size: 1rem;
  }
  .count {
    min-width: 1.5rem;
    padding: 0 0.375rem;
    border-radius: 999px;
    background: ${theme.colors.sunken};
    color: ${theme.colors.muted};
    font-size: 0.75rem;
    line-height: 1.5rem;
  }
`;

export interface TabDefinition<K extends string> {
  key: K;
  label: string;
  /** Shown beside the label (a count), read as part of the tab's name. */
  badge?: ReactNode;
  panel: ReactNode;
}

interface TabsProps<K extends string> {
  label: string;
  tabs: ReadonlyArray<TabDefinition<K>>;
  value: K;
  onValueChange(key: K): void;
}

/**
 * WAI-ARIA tabs: one tab stop for the list, arrows, Home and End move between tabs and select them;
 * only the selected panel is rendered.
 */
export function Tabs<K extends string>({ label, tabs, value, onValueChange }: TabsProps<K>) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === value),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key]! + tabs.length) % tabs.length;
    onValueChange(tabs[next]!.key);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  const selected = tabs[index];
  return (
    <div>
      <List ref={listRef} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.key === selected?.key;
          return (
            <Tab
              key={tab.key}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={isSelected}
              aria-controls={isSelected ? `${id}-panel-${tab.key}` : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onValueChange(tab.key)}
            >
              {tab.label}
              {tab.badge !== undefined && <span className="count">{tab.badge}</span>}
            </Tab>
          );
        })}
      </List>
      {selected && (
        <div
          role="tabpanel"
          id={`${id}-panel-${selected.key}`}
          aria-labelledby={`${id}-tab-${selected.key}`}
        >
          {selected.panel}
        </div>
      )}
    </div>
  );
}
