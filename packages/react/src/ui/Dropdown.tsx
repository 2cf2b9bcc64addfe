import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useMessages } from '../messages';
import { Icon } from './icons';
import { useOutsidePointerDown } from './useOutsidePointerDown';

export interface DropdownOption<V extends string | number = string> {
  value: V;
  title: string;
}

export interface DropdownProps<V extends string | number = string> {
  options: readonly DropdownOption<V>[];
  /** The selected value; `null`/`undefined` shows the placeholder. */
  value?: V | null;
  onChange?: (value: V, option: DropdownOption<V>) => void;
  /** @default 'Sortera' (messages `ui.dropdownPlaceholder`) */
  placeholder?: string;
  /** A disabled dropdown neither opens nor reacts to keys. @default false */
  disabled?: boolean;
  /** A visible-to-screen-readers label read before the value, e.g. 'Sortera efter'. @default undefined */
  label?: string;
  id?: string;
  className?: string;
}

const TYPEAHEAD_RESET_MS = 500;

/**
 * A select-only dropdown: a button that opens a listbox (WAI-ARIA listbox pattern). Toggles on click,
 * closes on selection, on Escape and on a click outside; does nothing when disabled.
 */
export function Dropdown<V extends string | number = string>({
  options,
  value,
  onChange,
  placeholder,
  disabled = false,
  label,
  id,
  className,
}: DropdownProps<V>) {
  const m = useMessages();
  const autoId = useId();
  const baseId = id ?? `matnat-dropdown${autoId.replace(/:/g, '')}`;
  const buttonId = `${baseId}-button`;
  const listId = `${baseId}-list`;
  const labelId = `${baseId}-label`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const typeahead = useRef({ text: '', at: 0 });

  const selectedIndex = options.findIndex((option) => option.value === value);
  const selected = selectedIndex >= 0 ? options[selectedIndex] : undefined;
  const isOpen = open && !disabled;

  useOutsidePointerDown(rootRef, isOpen, () => setOpen(false));

  useEffect(() => {
    if (isOpen) listRef.current?.focus();
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    const option = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [isOpen, active]);

  function openAt(index: number) {
    if (disabled || options.length === 0) return;
    setActive(Math.max(0, Math.min(options.length - 1, index)));
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function choose(index: number) {
    const option = options[index];
    if (!option) return;
    close(true);
    if (option.value !== value) onChange?.(option.value, option);
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (disabled) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const fallback = event.key === 'ArrowDown' ? 0 : options.length - 1;
      openAt(selectedIndex >= 0 ? selectedIndex : fallback);
    }
  }

  function findByTypeahead(key: string): number {
    const now = Date.now();
    const state = typeahead.current;
    state.text = now - state.at > TYPEAHEAD_RESET_MS ? key : state.text + key;
    state.at = now;
    // Repeating one letter cycles through the options starting with it; other text narrows the match.
    const repeated = [...state.text].every((char) => char === key);
    const needle = (repeated ? key : state.text).toLocaleLowerCase('sv-SE');
    const order = [...options.keys()].map((i) => (active + (repeated ? 1 : 0) + i) % options.length);
    return order.find((i) => options[i]!.title.toLocaleLowerCase('sv-SE').startsWith(needle)) ?? -1;
  }

  function onListKeyDown(event: KeyboardEvent) {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((i) => Math.min(last, i + 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => Math.max(0, i - 1));
        return;
      case 'Home':
      case 'PageUp':
        event.preventDefault();
        setActive(0);
        return;
      case 'End':
      case 'PageDown':
        event.preventDefault();
        setActive(last);
        return;
      case 'Enter':
      case ' ':
        event.preventDefault();
        choose(active);
        return;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        return;
      case 'Tab':
        close(false);
        return;
      default:
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const found = findByTypeahead(event.key);
          if (found >= 0) setActive(found);
        }
    }
  }

  const activeId = `${baseId}-option-${active}`;
  return (
    <div ref={rootRef} className={className ? `matnat-dropdown ${className}` : 'matnat-dropdown'}>
      {label && (
        <span id={labelId} className="matnat-visually-hidden">
          {label}
        </span>
      )}
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="matnat-dropdown__button"
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        aria-labelledby={label ? `${labelId} ${buttonId}` : undefined}
        disabled={disabled}
        onClick={() => (isOpen ? close(false) : openAt(Math.max(selectedIndex, 0)))}
        onKeyDown={onButtonKeyDown}
      >
        <span className={selected ? 'matnat-dropdown__value' : 'matnat-dropdown__placeholder'}>
          {selected ? selected.title : (placeholder ?? m.ui.dropdownPlaceholder)}
        </span>
        <Icon name="chevron-down" />
      </button>
      {isOpen && (
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          className="matnat-dropdown__list"
          aria-labelledby={label ? labelId : buttonId}
          aria-activedescendant={activeId}
          onKeyDown={onListKeyDown}
        >
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the listbox (aria-activedescendant)
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays on the listbox (aria-activedescendant)
            <div
              key={String(option.value)}
              id={`${baseId}-option-${index}`}
              data-index={index}
              role="option"
              aria-selected={index === selectedIndex}
              className={
                index === active
                  ? 'matnat-dropdown__option matnat-dropdown__option--active'
                  : 'matnat-dropdown__option'
              }
              onClick={() => choose(index)}
              onPointerMove={() => setActive(index)}
            >
              {option.title}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
