// Builds the sidebar's plain-data menu from the registry (on the server; the client gets props only).
import { GROUPS, TOOLS, routeOf, toolsInGroup, type GroupId } from '@/lib/tools/registry';
import type { MenuGroup } from './sidebar';

export function buildMenu(): { groups: MenuGroup[]; groupOfRoute: Record<string, GroupId> } {
  const groups = GROUPS.map((g) => ({
    id: g.id,
    name: g.name,
    isNew: Boolean(g.isNew),
    tools: toolsInGroup(g.id).map((t) => ({ slug: t.slug, name: t.name, icon: t.icon, isNew: Boolean(t.isNew) })),
  }));
  const groupOfRoute = Object.fromEntries(TOOLS.map((t) => [routeOf(t), t.group]));
  return { groups, groupOfRoute };
}
