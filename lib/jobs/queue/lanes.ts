// Queue names. Model jobs (background removal: one at a time takes both cores for seconds) and document jobs
// have their own queues so each can get its own workers; the maintenance queue carries the sweeper's ticks.
export type Lane = 'document' | 'model';
export const LANES: readonly Lane[] = ['document', 'model'];
export const MAINTENANCE = 'maintenance';

const MODEL_TOOLS: ReadonlySet<string> = new Set(['image/remove_background']);

export const laneOf = (tool: string): Lane => (MODEL_TOOLS.has(tool) ? 'model' : 'document');

/** WORKER_QUEUES ("document,model") as lanes; unknown names are a start-up error (settings.ts). */
export function parseLanes(list: string): { lanes: Lane[]; unknown: string[] } {
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    lanes: LANES.filter((l) => names.includes(l)),
    unknown: names.filter((n) => !(LANES as readonly string[]).includes(n)),
  };
}
