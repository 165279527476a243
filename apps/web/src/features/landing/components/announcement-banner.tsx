import { Megaphone, Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { BANNER_MESSAGES, BANNER_ROTATION_MS } from '../constants.ts';
import { useRotatingIndex } from '../hooks/use-rotating-index.ts';

/**
 * The rotating announcement bar: a new message every 4 s. It pauses while hovered or focused and
 * has a pause button, since text that changes on its own must be stoppable. Its height is that of
 * the longest message, whichever is shown.
 */
export function AnnouncementBanner() {
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const index = useRotatingIndex(BANNER_MESSAGES.length, BANNER_ROTATION_MS, stopped || hovered);

  return (
    <section
      aria-label="Announcements"
      aria-roledescription="carousel"
      className="bg-indigo-700 text-white dark:bg-indigo-900"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2 text-sm">
        <Megaphone className="size-4 shrink-0" aria-hidden="true" />
        {/* One grid cell holds every message, the others invisible: the bar is as tall as the
            longest at any width and keeps its height as they turn, so the page never moves. */}
        <p className="grid min-w-0 flex-1" aria-live={stopped ? 'polite' : 'off'}>
          <span className="col-start-1 row-start-1" data-testid="announcement-message">
            <span className="sr-only">
              Announcement {index + 1} of {BANNER_MESSAGES.length}:{' '}
            </span>
            {BANNER_MESSAGES[index]}
          </span>
          {BANNER_MESSAGES.map((message) => (
            <span key={message} aria-hidden="true" className="invisible col-start-1 row-start-1">
              {message}
            </span>
          ))}
        </p>
        <button
          type="button"
          onClick={() => setStopped((s) => !s)}
          aria-label={stopped ? 'Play announcements' : 'Pause announcements'}
          className="shrink-0 rounded-md p-1 hover:bg-white/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          {stopped ? (
            <Play className="size-4" aria-hidden="true" />
          ) : (
            <Pause className="size-4" aria-hidden="true" />
          )}
        </button>
      </div>
    </section>
  );
}
