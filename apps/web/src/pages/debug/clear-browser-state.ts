/** Expires every cookie this page can see, on its path and the root. */
export function clearCookies(doc: Document = document): void {
  for (const cookie of doc.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name) continue;
    for (const path of ['/', window.location.pathname]) {
      doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}`;
    }
  }
}

/** SPEC 2 '/debug-supabase' Reset & Clear Cache: local storage and cookies go, then a reload. */
export function resetBrowserState(reload: () => void = () => window.location.reload()): void {
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  reload();
}
