import { useCallback, useMemo } from 'react';
import { useAuth } from '../../../shared/auth/use-auth';
import { useListComediansQuery } from '../api/catalogue.api';
import { defaultComedian, makeMeLaughPool, pickRandom, toComedianOptions, toLengthOptions } from '../utils/catalogue-options';

/**
 * The generator's dropdown entries for the current user. SPEC 4: they are
 * rebuilt whenever the user's subscription flag or id changes.
 */
export function useCatalogueOptions() {
  const { data, isLoading, isError } = useListComediansQuery();
  const { user, isSubscribed } = useAuth();
  const userId = user?.id ?? null;

  const comedians = useMemo(
    () => toComedianOptions(data?.comedians ?? [], isSubscribed),
    // userId too: another user gets freshly built entries even with the same flag.
    [data, isSubscribed, userId],
  );
  const lengths = useMemo(
    () => toLengthOptions(data?.lengths ?? [], isSubscribed),
    [data, isSubscribed, userId],
  );

  return { comedians, lengths, isLoading, isError };
}

/** The comedian the generator starts on once the catalogue has loaded (undefined before). */
export function useDefaultComedian(): string | undefined {
  const { data } = useListComediansQuery();
  return useMemo(() => defaultComedian(data?.comedians ?? []), [data]);
}

/** Picks the comedian for Make Me Laugh; `ready` once the catalogue has loaded. */
export function useMakeMeLaughPick() {
  const { data } = useListComediansQuery();
  const pool = useMemo(() => makeMeLaughPool(data?.comedians ?? []), [data]);
  const pick = useCallback(() => pickRandom(pool), [pool]);
  return { pick, ready: pool.length > 0 };
}
