/**
 * Words for someone under 18. Ages written as numbers ('12 year old', '13yo')
 * are found in code (minor-ages.ts). 'baby' is left out: it is what adults
 * call each other in bed; 'daughter' and 'son' carry no age.
 */
export const MINOR_PHRASES = {
  minor: [
    'child|children|childs|kid|kids|kiddie|kiddies|kiddy|minor|minors|underage|underaged|kindergartner|kindergartners|kindergartener|preteen|preteens|prepubescent|tween|tweens',
    '(pre teen|pre teens)',
    'toddler|toddlers|infant|infants|schoolgirl|schoolgirls|schoolboy|schoolboys',
    'school girl|girls|boy|boys',
    'little|young girl|girls|boy|boys',
    'teen|teens|teenage|teenager|teenagers|loli|lolis|shota|shotas|jailbait',
    'middle|high|elementary|grade schooler|schoolers',
    '1st|2nd|3rd|4th|5th|6th|7th|8th|9th|10th|11th|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh grade|grader|graders',
    'under 18|16|eighteen|sixteen|age',
  ],
  /** Words that make no sense but as the sexualisation of children. */
  childAbuseMaterial: ['lolicon|shotacon|csam|pthc|jailbait', 'child|kiddie|kiddy|kid|preteen|underage porn*', 'cp|csam pics|videos|links|collection', 'pedo|pedophile|paedophile|paedo porn*'],
  /** Sexual interest in children: refused beside any word for a child. */
  pedophilia: ['pedo|pedos|paedo|paedos|pedophile|pedophiles|paedophile|paedophiles|pedophilic|pedophilia|paedophilia|nonce|nonces', 'minor attracted'],
} as const;
