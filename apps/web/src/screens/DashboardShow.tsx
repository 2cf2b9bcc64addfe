import { GRID } from '@matnat/contract/plain';
import {
  buildPath,
  type Dashboard,
  isClientError,
  type Panel as PanelEntity,
  type Snapshot,
} from '@matnat/core';
import {
  Button,
  ConfirmDangerDialog,
  Panel,
  type PanelInput,
  preloadCharts,
  type TimeFilterValue,
  TimePicker,
  useQuery,
  useTimeFilter,
} from '@matnat/react';
import { type CSSProperties, type DragEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { matnat } from '../matnat';
import { idParam } from '../routing/loaders';
import { moveItem } from '../shell/moveItem';
import { type PanelSize, sizeAnnouncement } from '../shell/panelSize';
import { RESIZE_HELP_ID, ResizeHandle } from '../shell/ResizeHandle';
import { TextField } from '../shell/TextField';
import { useAfterPaint } from '../shell/useAfterPaint';
import { useFormSubmit } from '../shell/useFormSubmit';
import { usePageTitle } from '../shell/usePageTitle';

type Board = Snapshot<Dashboard>;
type PanelSnap = Snapshot<PanelEntity>;

/** A performance mark per panel when its chart first drew data (`npm run bench:web:dashboard` listens). */
const PANEL_PAINTED_MARK = 'matnat:panel-painted:';

const panelName = (panel: PanelSnap, index: number) => panel.title?.trim() || `Panel ${index + 1}`;

const linkClass =
  'rounded-md px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

/**
 * The dashboard its route's loader started loading (routing/loaders.ts); one the user may not see, or that
 * does not exist, is the 404 page.
 */
function useOpenDashboard(id: number | null): { board: Board | null; failed: boolean } {
  const navigate = useNavigate();
  const query = useQuery({ ...matnat.queries.dashboard(id ?? 0), enabled: id !== null });
  const notFound = id === null || (query.isError && isClientError(query.error));
  useEffect(() => {
    if (notFound) navigate(buildPath('notFound'), { replace: true });
  }, [notFound, navigate]);
  return { board: query.data ?? null, failed: query.isError && !notFound };
}

/** The title with an edit button; editing is a one-field form (the contract's schema, the server's 422). */
function DashboardTitle({ board }: { board: Board }) {
  const [editing, setEditing] = useState(false);
  const form = useFormSubmit({ shown: ['title'] });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = new FormData(event.currentTarget).get('title');
    const saved = await form.submit(
      () => import('@matnat/contract').then((c) => c.DashboardUpdateBody),
      { title },
      (body) => matnat.mutations.dashboards.update(board.id, body),
    );
    if (saved) setEditing(false);
  }

  if (!editing) {
    return (
      <div className="flex min-w-0 items-center gap-2">
        <h1 className="truncate text-2xl font-semibold text-slate-900">{board.title}</h1>
        <Button variant="edit" aria-label="Redigera titel" onClick={() => setEditing(true)} />
      </div>
    );
  }
  return (
    <form noValidate onSubmit={save} className="flex flex-wrap items-end gap-2">
      <h1 className="sr-only">{board.title}</h1>
      <TextField
        name="title"
        label="Titel"
        defaultValue={board.title}
        errors={form.fields.title ?? (form.general ? [form.general] : undefined)}
        autoFocus
      />
      <Button type="submit" disabled={form.busy}>
        Spara
      </Button>
      <Button variant="secondary" onClick={() => setEditing(false)}>
        Avbryt
      </Button>
    </form>
  );
}

interface PanelCardProps {
  panel: PanelSnap;
  index: number;
  count: number;
  filter: TimeFilterValue;
  onMove(panelId: number, to: number, via: 'keyboard' | 'drag'): void;
  onResize(panel: PanelSnap, size: PanelSize): Promise<void>;
  onRemove(panel: PanelSnap): void;
  dragging: { current: number | null };
}

/**
 * The size a panel shows: one being dragged to or being saved, else its stored one. A size being saved stays
 * until the stored one equals it, so that the next arrow key counts from it (keys come faster than answers).
 */
function usePanelSize(panel: PanelSnap): [PanelSize, (size: PanelSize | null) => void] {
  const [local, setLocal] = useState<PanelSize | null>(null);
  const { width, height } = panel;
  useEffect(() => {
    setLocal((shown) => (shown?.width === width && shown.height === height ? null : shown));
  }, [width, height]);
  return [local ?? { width, height }, setLocal];
}

/**
 * One panel on the grid with its tools: a drag handle, move up/down (keyboard), resize (pointer and arrow
 * keys), edit and remove. Its title is the panel's own (the SDK panel's heading), shown once.
 */
function PanelCard({ panel, index, count, filter, onMove, onResize, onRemove, dragging }: PanelCardProps) {
  const name = panelName(panel, index);
  const [over, setOver] = useState(false);
  const [size, setLocal] = usePanelSize(panel);
  const resize = (next: PanelSize, done: boolean) => {
    const stored = next.width === panel.width && next.height === panel.height;
    setLocal(stored ? null : next);
    if (done && !stored) onResize(panel, next).catch(() => setLocal(null));
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (dragging.current !== null && dragging.current !== panel.id) {
      const from = dragging.current;
      dragging.current = null;
      onMove(from, index, 'drag');
    }
  };
  return (
    <li
      data-panel-id={panel.id}
      aria-label={name}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-width={size.width}
      data-height={size.height}
      style={{ '--panel-width': size.width } as CSSProperties}
      className={`panel-cell min-w-0 rounded-lg bg-white p-2 ring-1 ${over ? 'ring-2 ring-teal-600' : 'ring-slate-200'}`}
    >
      <div className="mb-1 flex flex-wrap items-center gap-1">
        <span
          draggable
          role="img"
          aria-label={`Dra för att flytta ${name}`}
          title="Dra för att flytta"
          onDragStart={(event) => {
            dragging.current = panel.id;
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', String(panel.id));
          }}
          onDragEnd={() => {
            dragging.current = null;
          }}
          className="cursor-grab select-none rounded px-2 py-1 text-lg text-slate-600 hover:bg-slate-100"
        >
          ⠿
        </span>
        <span className="flex-1" />
        <Button
          variant="borderless"
          data-move={`${panel.id}-up`}
          aria-label={`Flytta ${name} upp`}
          disabled={index === 0}
          onClick={() => onMove(panel.id, index - 1, 'keyboard')}
        >
          <span aria-hidden="true">↑</span>
        </Button>
        <Button
          variant="borderless"
          data-move={`${panel.id}-down`}
          aria-label={`Flytta ${name} ned`}
          disabled={index === count - 1}
          onClick={() => onMove(panel.id, index + 1, 'keyboard')}
        >
          <span aria-hidden="true">↓</span>
        </Button>
        <Link
          to={buildPath('panel.edit', { panel_id: panel.id })}
          aria-label={`Redigera ${name}`}
          className={`${linkClass} text-teal-800 underline`}
        >
          Redigera
        </Link>
        <ResizeHandle name={name} size={size} onResize={resize} />
        <Button variant="remove" aria-label={`Ta bort ${name}`} onClick={() => onRemove(panel)} />
      </div>
      <Panel
        panel={panel as unknown as PanelInput}
        range={filter}
        interval={filter.interval_slug}
        showTimeFilter={false}
        height={GRID.rowPx * size.height}
        onFirstData={() => performance.mark(`${PANEL_PAINTED_MARK}${panel.id}`)}
      />
    </li>
  );
}

/** Moves panels and says so in a live region; keyboard moves keep focus on the button pressed. */
function usePanelMoves(board: Board | null) {
  const [announcement, setAnnouncement] = useState('');
  const refocus = useRef<string | null>(null);
  const panels = board?.panels ?? [];
  const order = panels.map((panel) => panel.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after the panels were reordered
  useEffect(() => {
    if (!refocus.current) return;
    const button = document.querySelector<HTMLButtonElement>(`[data-move="${refocus.current}"]`);
    refocus.current = null;
    if (button && !button.disabled) button.focus();
    else document.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)')?.focus();
  }, [order]);

  const move = (panelId: number, to: number, via: 'keyboard' | 'drag') => {
    if (!board) return;
    const from = panels.findIndex((p) => p.id === panelId);
    const moved = panels[from];
    if (!moved || to < 0 || to >= panels.length || to === from) return;
    if (via === 'keyboard') refocus.current = `${moved.id}-${to < from ? 'up' : 'down'}`;
    const ids = panels.map((p) => p.id);
    matnat.mutations.dashboards
      .orderPanels(board.id, { panels: moveItem(ids, from, to) })
      .then(() =>
        setAnnouncement(`${panelName(moved, from)} flyttades till plats ${to + 1} av ${panels.length}.`),
      )
      .catch(() => setAnnouncement('Panelernas ordning kunde inte sparas.'));
  };
  const resize = async (panel: PanelSnap, size: PanelSize) => {
    const name = panelName(panel, panels.indexOf(panel));
    try {
      await matnat.mutations.panels.update(panel.id, size);
      setAnnouncement(sizeAnnouncement(name, size));
    } catch (error) {
      setAnnouncement(`Storleken på ${name} kunde inte sparas.`);
      throw error;
    }
  };
  return { move, resize, announcement };
}

/**
 * dashboard.show: the panels in their order (panels of @matnat/react on the app's one client: one stream,
 * one cache), the route's time filter for all of them (persisted per full route path by the core), the
 * title editable, panels reordered by drag or by the arrow buttons (announced), removed after a confirm,
 * opened in panel.edit.
 */
export default function DashboardShow() {
  const { dashboard_id } = useParams();
  const location = useLocation();
  const { board, failed } = useOpenDashboard(idParam(dashboard_id));
  const [filter, setFilter] = useTimeFilter(location.pathname);
  const [removing, setRemoving] = useState<PanelSnap | null>(null);
  const dragging = useRef<number | null>(null);
  const { move, resize, announcement } = usePanelMoves(board);
  usePageTitle(board?.title);
  // The title and the tools are painted first; the panels (requests, chart library, charts) a frame later,
  // the chart library's request a task before the panels' data requests. Not in a hidden tab: its library
  // would draw its warm-up chart there; its panels ask for it once they are seen (issue 22).
  const lineCharts =
    (board?.panels?.some((panel) => panel.type === 'line_chart') ?? false) &&
    document.visibilityState !== 'hidden';
  const showPanels = useAfterPaint(board !== null, lineCharts ? preloadCharts : undefined);

  const confirmRemove = () => {
    const panel = removing;
    setRemoving(null);
    if (!panel) return;
    matnat.mutations.panels
      .remove(panel.id)
      .then(() => matnat.toasts.show('Panelen har tagits bort'))
      .catch(() => matnat.toasts.show({ message: 'Panelen kunde inte tas bort.', success: false }));
  };

  if (failed) {
    return (
      <p role="alert" className="text-red-800">
        Dashboarden kunde inte hämtas. Försök igen.
      </p>
    );
  }
  if (!board) return <p className="text-slate-700">Laddar…</p>;
  const panels = board.panels ?? [];
  const id = board.id;
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <DashboardTitle key={board.id} board={board} />
        <div className="flex flex-wrap items-center gap-2">
          <TimePicker value={filter} onChange={(value) => setFilter(value)} />
          <Link
            to={buildPath('dashboard.panelform.simple', { dashboard_id: id })}
            className={`${linkClass} bg-teal-700 text-white hover:bg-teal-800`}
          >
            Ny panel
          </Link>
          <Link
            to={buildPath('dashboard.panelform.advanced', { dashboard_id: id })}
            className={`${linkClass} text-teal-800 ring-1 ring-teal-700 hover:bg-teal-50`}
          >
            Ny avancerad panel
          </Link>
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <p id={RESIZE_HELP_ID} className="sr-only">
        Piltangenterna ändrar storleken: vänster och höger en kolumn smalare eller bredare, upp och ned en rad
        lägre eller högre.
      </p>
      {panels.length === 0 ? (
        <p className="text-slate-700">Dashboarden har inga paneler än. Lägg till en med ”Ny panel”.</p>
      ) : !showPanels ? null : (
        // The panels' own titles are h3 (the SDK's panels): an h2 keeps the page's headings in order.
        <>
          <h2 id="dashboard-panels" className="sr-only">
            Paneler
          </h2>
          {/* The 12-column grid from 640 px (one column below); grid order = panel order. */}
          <ol aria-labelledby="dashboard-panels" className="grid grid-cols-1 gap-4 md:grid-cols-12">
            {panels.map((panel, index) => (
              <PanelCard
                key={panel.id}
                panel={panel}
                index={index}
                count={panels.length}
                filter={filter}
                onMove={move}
                onResize={resize}
                onRemove={setRemoving}
                dragging={dragging}
              />
            ))}
          </ol>
        </>
      )}
      <ConfirmDangerDialog
        open={removing !== null}
        title={`Ta bort ${
          removing
            ? panelName(
                removing,
                panels.findIndex((p) => p.id === removing.id),
              )
            : 'panelen'
        }?`}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
        routeKey={location.pathname}
      >
        Panelen tas bort från dashboarden.
      </ConfirmDangerDialog>
    </section>
  );
}
