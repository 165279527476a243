import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { site } from '../../config/site.ts';
import { useAuth } from '../../lib/auth.tsx';
import { LogoMark } from '../ui/logo.tsx';

const linkClasses =
  'rounded-sm text-sm text-slate-600 hover:text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-slate-400 dark:hover:text-indigo-300';

// The legal pages open at their top even when the footer link is on the page itself.
function scrollToTop() {
  window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
}

/**
 * The footer of every public page: tagline, product and legal links, social links, support. A
 * signed-in person gets Dashboard where a visitor gets Sign Up / Login, as in the header.
 */
export function PublicFooter() {
  const { user } = useAuth();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <RouterLink
            to={paths.home}
            className="flex items-center gap-2 self-start rounded-md text-lg font-bold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <LogoMark className="size-6" />
            {site.name}
          </RouterLink>
          <p className="text-sm text-slate-600 dark:text-slate-400">{site.tagline}</p>
        </div>

        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="mb-3 text-sm font-semibold">
            Product
          </h2>
          <ul className="flex flex-col gap-2">
            <li>
              <RouterLink to={paths.getStarted} className={linkClasses}>
                Documentation
              </RouterLink>
            </li>
            <li>
              <RouterLink to={paths.roadmap} className={linkClasses}>
                Roadmap
              </RouterLink>
            </li>
            <li>
              {user ? (
                <RouterLink to={paths.dashboard} className={linkClasses}>
                  Dashboard
                </RouterLink>
              ) : (
                <RouterLink to={paths.auth} className={linkClasses}>
                  Sign Up / Login
                </RouterLink>
              )}
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-3 text-sm font-semibold">
            Legal
          </h2>
          <ul className="flex flex-col gap-2">
            <li>
              <RouterLink to={paths.privacy} onClick={scrollToTop} className={linkClasses}>
                Privacy Policy
              </RouterLink>
            </li>
            <li>
              <RouterLink to={paths.terms} onClick={scrollToTop} className={linkClasses}>
                Terms of Service
              </RouterLink>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="mb-3 text-sm font-semibold">Community and support</h2>
          <ul className="flex flex-col gap-2">
            {site.social.map((account) => (
              <li key={account.href}>
                <a href={account.href} target="_blank" rel="noreferrer" className={linkClasses}>
                  {account.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
            <li>
              <a href={`mailto:${site.supportEmail}`} className={linkClasses}>
                {site.supportEmail}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-200 px-4 py-4 text-center text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        © {year} {site.name}. Free forever, no credit card required.
      </p>
    </footer>
  );
}
