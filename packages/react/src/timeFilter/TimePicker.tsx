import { absoluteRangeProblem, CUSTOM_RANGE, parseInstant } from '@matnat/contract/plain';
import { formatInZone, RANGE_SLUGS, resolveRange } from '@matnat/core';
import {
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useMessages } from '../messages';
import { useOutsidePointerDown } from '../ui/useOutsidePointerDown';
import { WidgetRoot } from '../widgets/WidgetRoot';
import { pickerStyles } from '../widgets/widgetCss';
import {
  IntervalSelect,
  rangeText,
  type TimeFilterSelectProps,
  type TimeFilterValue,
} from './TimeFilterSelect';

export type TimePickerProps = TimeFilterSelectProps;

/** What `datetime-local` inputs hold: wall-clock minutes in Europe/Stockholm, the panels' zone. */
const INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';

type FieldErrors = Partial<Record<'from' | 'to', string>>;

/** Space kept between the open panel and the window's edges. */
const EDGE_PX = 16;

/**
 * Moves the open panel sideways so that it stays inside the window: below its button where there is
 * room, shifted left for a button near the right edge (a device page's header), never past the left edge.
 */
function keepInWindow(panel: HTMLElement, anchor: HTMLElement): void {
  const left = anchor.getBoundingClientRect().left;
  const room = window.innerWidth - EDGE_PX - left - panel.offsetWidth;
  panel.style.left = `${Math.max(EDGE_PX - left, Math.min(0, room))}px`;
}

/** The custom range från–till: two wall-clock inputs, checked by the contract's absolute-range rule. */
function CustomRangeForm({
  value,
  onApply,
}: {
  value: TimeFilterValue;
  onApply(from: string, to: string): void;
}) {
  const m = useMessages().timeFilter;
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  // The fields start from what is shown: a custom range's ends, or where the preset reaches now.
  const shown =
    value.range_slug === CUSTOM_RANGE
      ? { from: Date.parse(value.from ?? ''), to: Date.parse(value.to ?? '') }
      : resolveRange(value.range_slug, Date.now());
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const from = parseInstant(String(data.get('from') ?? ''));
    const to = parseInstant(String(data.get('to') ?? ''));
    const problem = absoluteRangeProblem(from, to);
    if (problem) return setErrors({ [problem.field]: problem.message });
    setErrors({});
    onApply(new Date(from).toISOString(), new Date(to).toISOString());
  };
  const field = (name: 'from' | 'to', label: string, ms: number) => (
    <div className="matnat-time-picker__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="datetime-local"
        defaultValue={formatInZone(ms, INPUT_FORMAT)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="matnat-time-picker__error">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  return (
    <form
      className="matnat-time-picker__custom"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-legend`}
    >
      <p id={`${id}-legend`} className="matnat-time-picker__heading">
        {m.customRange}
      </p>
      {field('from', m.from, shown.from)}
      {field('to', m.to, shown.to)}
      <button type="submit" className="matnat-widget-button">
        {m.apply}
      </button>
    </form>
  );
}

/**
 * One compact time picker (issue 21): a button showing the range and the refresh interval; it opens the
 * presets, a custom range från–till and the refresh interval. Escape or a click outside closes it and
 * focus returns to the button; a chosen preset or range closes it too.
 */
export function TimePickerView({ value, onChange, disabled = false, className }: TimePickerProps) {
  const messages = useMessages();
  const m = messages.timeFilter;
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const isOpen = open && !disabled;
  useOutsidePointerDown(rootRef, isOpen, () => setOpen(false));
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const anchor = rootRef.current;
    if (!isOpen || !panel || !anchor) return;
    const place = () => keepInWindow(panel, anchor);
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [isOpen]);
  useEffect(() => {
    const panel = panelRef.current;
    if (!isOpen || !panel) return;
    (panel.querySelector<HTMLElement>('[aria-pressed="true"]') ?? panel.querySelector('button'))?.focus();
  }, [isOpen]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (next: TimeFilterValue) => {
    close();
    onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      close();
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside closes the picker
    <div
      ref={rootRef}
      className={['matnat-time-picker', className].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
    >
      <button
        ref={buttonRef}
        type="button"
        className="matnat-time-picker__button"
        aria-expanded={isOpen}
        aria-controls={`${id}-panel`}
        disabled={disabled}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="matnat-visually-hidden">{m.rangeLabel}: </span>
        <span className="matnat-time-picker__range">{rangeText(value, messages)}</span>
        <span className="matnat-time-picker__interval">
          <span className="matnat-visually-hidden">, {m.intervalLabel}: </span>
          {m.intervals[value.interval_slug]}
        </span>
      </button>
      {isOpen ? (
        <div
          ref={panelRef}
          id={`${id}-panel`}
          role="dialog"
          aria-label={m.rangeLabel}
          className="matnat-time-picker__panel"
        >
          <fieldset className="matnat-time-picker__group">
            <legend className="matnat-time-picker__heading">{m.presets}</legend>
            <ul className="matnat-time-picker__presets">
              {RANGE_SLUGS.map((slug) => (
                <li key={slug}>
                  <button
                    type="button"
                    className="matnat-time-picker__preset"
                    aria-pressed={value.range_slug === slug}
                    onClick={() => choose({ range_slug: slug, interval_slug: value.interval_slug })}
                  >
                    {m.ranges[slug]}
                  </button>
                </li>
              ))}
            </ul>
          </fieldset>
          <CustomRangeForm
            value={value}
            onApply={(from, to) =>
              choose({ range_slug: CUSTOM_RANGE, from, to, interval_slug: value.interval_slug })
            }
          />
          <div className="matnat-time-picker__field">
            <label htmlFor={`${id}-interval`}>{m.intervalLabel}</label>
            <IntervalSelect id={`${id}-interval`} value={value} onChange={onChange} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The compact time picker in its own widget root (the kit's scoped styles). */
export function TimePicker(props: TimePickerProps) {
  return (
    <WidgetRoot sheet={pickerStyles}>
      <TimePickerView {...props} />
    </WidgetRoot>
  );
}
