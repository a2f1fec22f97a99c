import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@shop/ui';

// One row. Tabs wider than the screen (a phone) scroll sideways inside it: shadows at its edges say
// there are more that way (a cover scrolling with the tabs hides a shadow at the row's end), the
// scrollbar stays, and the selected tab is scrolled into sight (Tabs). Wrapped onto two or three rows
// they pushed each section's content a screen down.
const List = styled.div`
  display: flex;
  gap: 0.25rem;
  margin-bottom: 1.5rem;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scrollbar-width: thin;
  background:
    linear-gradient(to right, ${theme.colors.page} 40%, rgb(248 250 252 / 0)) left / 2rem 100%
      no-repeat local,
    linear-gradient(to left, ${theme.colors.page} 40%, rgb(248 250 252 / 0)) right / 2rem 100%
      no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgb(15 23 42 / 0.22), rgb(15 23 42 / 0)) left / 0.75rem
      100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgb(15 23 42 / 0.22), rgb(15 23 42 / 0)) right /
      0.75rem 100% no-repeat scroll;
  /* The rule under the tabs, drawn inside the scrolling box so the selected tab's bar covers it. */
  box-shadow: inset 0 -1px 0 ${theme.colors.border};
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
 * only the selected panel is rendered. One row, scrolled sideways on a narrow screen, the selected
 * tab in sight.
 */
export function Tabs<K extends string>({ label, tabs, value, onValueChange }: TabsProps<K>) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === value),
  );

  // The selected tab in sight in the row, however it was selected (a click, the keyboard, an order's
  // address opening Orders), scrolling only the row, never the page.
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelectorAll<HTMLElement>('[role="tab"]')[index];
    if (!list || !tab) return;
    const box = list.getBoundingClientRect();
    const { left, right } = tab.getBoundingClientRect();
    // A little of the next tab stays in sight, so the row reads as one that scrolls.
    const peek = Math.min(32, Math.max(0, (box.width - (right - left)) / 2));
    if (left < box.left) list.scrollLeft -= box.left - left + peek;
    else if (right > box.right) list.scrollLeft += right - box.right + peek;
  }, [index]);

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
