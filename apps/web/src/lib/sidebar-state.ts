/** Session-storage key of the dashboard sidebar's state (spec: kept for the session). */
export const SIDEBAR_STORAGE_KEY = 'sidebarCollapsed';

/** Whether the sidebar was collapsed earlier in this session. */
export function readSidebarCollapsed(): boolean {
  try {
    return window.sessionStorage.getItem(SIDEBAR_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Keeps the sidebar's state for the rest of the session. */
export function storeSidebarCollapsed(collapsed: boolean): void {
  try {
    window.sessionStorage.setItem(SIDEBAR_STORAGE_KEY, String(collapsed));
  } catch {
    // Storage unavailable: the state lasts until the next reload.
  }
}
