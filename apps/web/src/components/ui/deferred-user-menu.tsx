import { lazy, Suspense, useState } from 'react';
import { useAuth } from '../../lib/auth.tsx';
import { UserMenuFace, userMenuTriggerClasses } from './user-menu-face.tsx';

const UserMenu = lazy(() =>
  import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })),
);

/** What the visitor has done to the stand-in: nothing yet, pointed at or focused it, clicked it. */
type Wanted = { load: boolean; open: boolean; focus: boolean };

/**
 * The dashboard's user menu, whose code (Radix's menu and its positioning library) loads when the
 * visitor points at, focuses or clicks its button rather than with every page: until then a
 * button of the same look and name stands in its place. A click on the stand-in opens the menu as
 * soon as it has loaded; the focus moves to the menu's own button.
 */
export function DeferredUserMenu() {
  const { user } = useAuth();
  const [wanted, setWanted] = useState<Wanted>({ load: false, open: false, focus: false });
  if (!user) return null;
  const want = (change: Partial<Wanted>) =>
    setWanted((current) => ({ ...current, load: true, ...change }));
  const standIn = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={userMenuTriggerClasses}
      onPointerEnter={() => want({})}
      onFocus={() => want({ focus: true })}
      // The menu opens on the press, as Radix's does: the menu may take the stand-in's place
      // between the press and the click (loaded when pointed at), and its trigger ignores clicks.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) want({ open: true });
      }}
      onClick={() => want({ open: true })}
    >
      <UserMenuFace username={user.username} />
    </button>
  );
  if (!wanted.load) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenu defaultOpen={wanted.open} focusTrigger={wanted.focus} />
    </Suspense>
  );
}
