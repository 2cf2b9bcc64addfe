import { buildPath, type RouteName } from '@matnat/core';
import { Avatar, ImpersonationBanner, useSession } from '@matnat/react';
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Bell } from '../shell/Bell';
import { MenuDisclosure } from '../shell/MenuDisclosure';

/** Spec §2 main navigation; the titles are the navigation's words, the paths the core's. */
const MAIN_NAV: readonly [RouteName, string][] = [
  ['dashboard.index', 'Dashboard'],
  ['productlist', 'Webbshop'],
  ['map', 'Karta'],
  ['device.index', 'Mätenheter'],
  ['alert.index', 'Notiser'],
  ['about', 'Om oss'],
];

const ADMIN_NAV: readonly [RouteName, string, string][] = [
  ['admin.users', 'Användare', 'Visa användarna i systemet'],
  ['admin.devices', 'Nya enheter', 'Se och koppla nya enheter till team'],
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-teal-50 text-teal-800' : 'text-slate-700 hover:bg-slate-100'
  }`;

const menuItemClass = 'block w-full rounded px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100';

function MainNav({ id, className }: { id?: string; className: string }) {
  return (
    <nav id={id} aria-label="Huvudmeny" className={className}>
      {MAIN_NAV.map(([name, title]) => (
        <NavLink key={name} to={buildPath(name)} className={navLinkClass}>
          {title}
        </NavLink>
      ))}
    </nav>
  );
}

function AdminMenu() {
  return (
    <MenuDisclosure label="Admin">
      {ADMIN_NAV.map(([name, title, description]) => (
        <Link key={name} to={buildPath(name)} className={menuItemClass}>
          <span className="block font-medium">{title}</span>
          <span className="block text-xs text-slate-600">{description}</span>
        </Link>
      ))}
    </MenuDisclosure>
  );
}

function ProfileMenu() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <MenuDisclosure
      label={
        <>
          <span aria-hidden="true">
            <Avatar name={user.name} photoUrl={user.photo_url} initials={user.initials} size={8} />
          </span>
          <span className="sr-only">Profilmeny för {user.name}</span>
        </>
      }
    >
      <p className="truncate px-3 py-2 text-xs text-slate-600">{user.email}</p>
      <Link to={buildPath('user.settings')} className={menuItemClass}>
        Din profil
      </Link>
      <button
        type="button"
        className={menuItemClass}
        onClick={async () => {
          // Spec §4: logout clears the user whatever the server answers.
          await logout();
          navigate(buildPath('login'));
        }}
      >
        Logga ut
      </button>
    </MenuDisclosure>
  );
}

/** Spec §2 default layout: the navigation bar, the bell, the admin and profile menus and the banner. */
export function DefaultLayout() {
  const { isLoggedIn, isAdmin } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location closes the mobile menu
  useEffect(() => setMenuOpen(false), [location.key]);
  return (
    <div className="min-h-screen bg-slate-50">
      <ImpersonationBanner />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 md:px-6">
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="main-nav-mobile"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="sr-only">Meny</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor">
              <path strokeWidth="2" strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <Link to="/" className="mr-4 text-xl font-bold text-teal-700">
            Mätnät
          </Link>
          <MainNav className="hidden flex-1 items-center gap-1 lg:flex" />
          <div className="ml-auto flex items-center gap-1">
            {isAdmin && <AdminMenu />}
            {isLoggedIn ? (
              <>
                <Bell />
                <ProfileMenu />
              </>
            ) : (
              <Link to={buildPath('login')} className="rounded-md bg-teal-700 px-3 py-1.5 text-sm text-white">
                Logga in
              </Link>
            )}
          </div>
        </div>
        {menuOpen && (
          <MainNav id="main-nav-mobile" className="border-t border-slate-200 px-3 py-2 lg:hidden" />
        )}
      </header>
      <main className="mx-auto max-w-7xl px-3 py-6 md:px-6">
        <Outlet />
      </main>
    </div>
  );
}
