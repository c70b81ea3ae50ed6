'use client';
// The site's left sidebar (SPEC sections 2 and 4): brand link, collapsible groups with at most one open,
// tool entries, footer links. Below 768 px it is a drawer behind a menu button.
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GroupId, IconName } from '@/lib/tools/registry';
import { publicPath } from '@/lib/tools/kind-routes';
import { Icon } from '@/components/icons';

export interface MenuTool {
  slug: string;
  name: string;
  icon: IconName;
  isNew: boolean;
}

export interface MenuGroup {
  id: GroupId;
  name: string;
  isNew: boolean;
  tools: MenuTool[];
}

export interface SidebarProps {
  groups: MenuGroup[];
  /** Route → group of every tool, listed or not: the open group follows the route on first load. */
  groupOfRoute: Record<string, GroupId>;
  siteName: string;
  supportEmail: string;
  sourceUrl: string;
}

/** SPEC section 4: a list of open groups holding at most one. */
export function toggleGroup(open: readonly GroupId[], id: GroupId): GroupId[] {
  return open.includes(id) ? [] : [id];
}

/**
 * A menu link that prefetches on intent (pointer over it, focus, touch) instead of on sight: the viewport
 * prefetch of every visible menu entry (even inside the closed drawer) cost a phone ~50 ms of main thread at load.
 */
function NavLink(props: React.ComponentProps<typeof Link> & { href: string }) {
  const router = useRouter();
  const prefetch = () => router.prefetch(props.href);
  return <Link {...props} prefetch={false} onMouseEnter={prefetch} onFocus={prefetch} onTouchStart={prefetch} />;
}

function NewBadge() {
  return <span className="badge-new">New</span>;
}

export function Sidebar({ groups, groupOfRoute, siteName, supportEmail, sourceUrl }: SidebarProps) {
  // Prerendered tool pages see their kind route's path; the browser sees /<slug>.
  const pathname = publicPath(usePathname());
  const [openGroups, setOpenGroups] = useState<GroupId[]>(() => {
    const group = groupOfRoute[pathname];
    return group ? [group] : [];
  });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const closeDrawer = useCallback((returnFocus: boolean) => {
    setDrawerOpen(false);
    if (returnFocus) menuButton.current?.focus();
  }, []);

  // Navigation (link, back/forward) closes the drawer.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setDrawerOpen(false);
  }

  useEffect(() => {
    if (!drawerOpen) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeDrawer(true);
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('drawer-lock');
    // The page behind the open drawer is out of reach for keyboard and screen readers.
    const main = document.getElementById('main');
    main?.setAttribute('inert', '');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('drawer-lock');
      main?.removeAttribute('inert');
    };
  }, [drawerOpen, closeDrawer]);

  const onBrand = () => {
    setOpenGroups([]);
    setDrawerOpen(false);
  };

  return (
    <>
      <header className="topbar">
        <button
          ref={menuButton}
          type="button"
          className="icon-button"
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          aria-controls="site-sidebar"
          onClick={() => setDrawerOpen(true)}
        >
          <Icon name="menu" size={22} />
        </button>
        <NavLink href="/" className="brand" onClick={onBrand}>
          <Icon name="logo" size={26} className="brand-logo" />
          <span>{siteName}</span>
        </NavLink>
      </header>

      <div className="drawer-backdrop" data-open={drawerOpen} onClick={() => closeDrawer(true)} aria-hidden="true" />

      <aside id="site-sidebar" className="sidebar" data-open={drawerOpen} aria-label="Site menu">
        <div className="sidebar-header">
          <NavLink href="/" className="brand" onClick={onBrand} data-testid="sidebar-brand">
            <Icon name="logo" size={26} className="brand-logo" />
            <span>{siteName}</span>
          </NavLink>
          <button
            ref={closeButton}
            type="button"
            className="icon-button drawer-close"
            aria-label="Close menu"
            onClick={() => closeDrawer(true)}
          >
            <Icon name="close" size={22} />
          </button>
        </div>

        <nav className="sidebar-nav" aria-label="Tools">
          <ul className="group-list">
            {groups.map((group) => {
              const open = openGroups.includes(group.id);
              const listId = `menu-group-${group.id}`;
              return (
                <li key={group.id} className="group" data-open={open}>
                  <button
                    type="button"
                    className="group-toggle"
                    aria-expanded={open}
                    aria-controls={listId}
                    onClick={() => setOpenGroups((cur) => toggleGroup(cur, group.id))}
                  >
                    <Icon name={`group-${group.id}`} className="group-icon" />
                    <span className="group-name">{group.name}</span>
                    {group.isNew && <NewBadge />}
                    <Icon name="chevron" size={16} className="chevron" />
                  </button>
                  <ul id={listId} className="tool-list" hidden={!open}>
                    {group.tools.map((tool) => {
                      const href = `/${tool.slug}`;
                      const active = pathname === href;
                      return (
                        <li key={tool.slug}>
                          <NavLink
                            href={href}
                            className="tool-link"
                            aria-current={active ? 'page' : undefined}
                            onClick={() => setDrawerOpen(false)}
                          >
                            <Icon name={tool.icon} size={18} />
                            <span>{tool.name}</span>
                            {tool.isNew && <NewBadge />}
                          </NavLink>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>

        <footer className="sidebar-footer">
          <ul>
            <li>
              <NavLink href="/privacy-policy" onClick={() => setDrawerOpen(false)}>
                Privacy Policy
              </NavLink>
            </li>
            <li>
              <NavLink href="/terms-of-service" onClick={() => setDrawerOpen(false)}>
                Terms of Service
              </NavLink>
            </li>
            <li>
              <a href={`mailto:${supportEmail}`} title={supportEmail}>
                Support
              </a>
            </li>
            <li>
              <a href={sourceUrl} target="_blank" rel="noopener noreferrer">
                Source code
              </a>
            </li>
          </ul>
        </footer>
      </aside>
    </>
  );
}
