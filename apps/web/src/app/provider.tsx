import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastHost } from '../components/ui/toast-host.tsx';
import { AuthProvider } from '../lib/auth.tsx';
import { useEndOfHydration } from '../lib/hydration.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { ThemeProvider, useTheme } from '../lib/theme-provider.tsx';

/** Toasts close after 3000 ms unless a call says otherwise (spec section 4). */
export const TOAST_DURATION_MS = 3000;

function ThemedToaster() {
  const { theme } = useTheme();
  return <ToastHost theme={theme} duration={TOAST_DURATION_MS} richColors closeButton />;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEndOfHydration();
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
