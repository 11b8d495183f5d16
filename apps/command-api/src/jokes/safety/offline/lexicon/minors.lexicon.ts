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
    'lil|little|young|small|tiny kid|kids|girl|girls|boy|boys|child|children|ones',
    'preschooler|preschoolers|kindergartners|gradeschooler|gradeschoolers|highschooler|highschoolers|schoolchild|schoolchildren|schoolkid|schoolkids|youngster|youngsters|juvenile|juveniles|adolescent|adolescents|pubescent|prepubescent|pubescents',
    '(high schooler|high schoolers|middle schooler|middle schoolers|junior high|middle school|highschool|grade school|elementary school|primary school|kindergarten|preschool|pre school|boy scouts|girl scouts|cub scouts)',
    '(little league|year 7|year 8|year 9|year 10)', '(barely|not yet) (legal|18|eighteen|pubescent)', '(tweenie|tweenies|jailbaits|lolita|lolitas)',
    // A few other languages: the same words a translation tool gives.
    'enfant|enfants|ninos|ninas|menor|menores|bambino|bambini|bambina|crianca|criancas',
  ],
  /** An adult's advance: towards a child, grooming. */
  advance: ['(flirting with|flirt with|flirts with|hitting on|hit on|dating|date|seducing|seduce|sexting|sext|grooming|groom|chatting up|chat up|dm|dming|messaging)'],
  /** Abuse of a child by touch: with a word for a child, sexual. */
  abuseTouch: ['(to touch them|to touch him|to touch her|get them alone|get him alone|get her alone|alone with a child|alone with a kid|touched by|touched inappropriately|inappropriately touched|inappropriate touching|bad touch|fondled|fondling|groped|groping|molested|molesting|diddled|diddling|fiddled with|abused by|sexually abused)'],
  /** Words that make no sense but as the sexualisation of children. */
  childAbuseMaterial: ['lolicon|shotacon|csam|pthc|jailbait', 'child|kiddie|kiddy|kid|preteen|underage porn*', 'cp|csam pics|videos|links|collection', 'pedo|pedophile|paedophile|paedo porn*'],
  /** Sexual interest in children: refused beside any word for a child. */
  pedophilia: ['pedo|pedos|paedo|paedos|pedophile|pedophiles|paedophile|paedophiles|pedophilic|pedophilia|paedophilia|nonce|nonces', 'minor attracted'],
} as const;
