/** SPEC 9 prices, in US dollars. The plan page (billing issue) uses the same figures. */
export const pricing = {
  monthly: '$4.99',
  yearly: '$29.99',
  yearlyPerMonth: '$2.49',
  yearlySaving: '50%',
  trialDays: 3,
} as const;

/** SPEC 2 'Subscription prompt': what Pro unlocks, in the prompt's order. */
export const PRO_FEATURES = [
  'Voice narration of your jokes',
  'Custom voice settings',
  'All comedian styles',
  'Joke history',
  'Advanced options: every joke length',
] as const;
