import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectSubscriptionPromptOpen } from '../../../shared/subscription-prompt/subscription-prompt.slice';

const SubscriptionPrompt = lazy(() => import('./SubscriptionPrompt').then((module) => ({ default: module.SubscriptionPrompt })));

/**
 * Where the upgrade dialog lives: its code (antd's Modal) loads the first time
 * it opens, then it stays mounted so it can close with its animation.
 */
export function SubscriptionPromptSlot() {
  const open = useAppSelector(selectSubscriptionPromptOpen);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <SubscriptionPrompt />
    </Suspense>
  ) : null;
}
