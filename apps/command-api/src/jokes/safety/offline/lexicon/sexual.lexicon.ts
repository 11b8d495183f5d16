/**
 * Sexual words. Alone they pass (sex between adults is a topic like any
 * other); the rules refuse them next to a child or a real person's name.
 * Insults that name body parts ('dick', 'ass') are left to the name rule's
 * narrow neighbourhood ("Obama's dick", not 'Obama is a dick').
 */
export const SEXUAL_PHRASES = {
  sexual: [
    'sex|sexy|sexual|sexually|sexualized|sexualised|sexualize|sexualise|sexier|sexiest|sexting|sext|sexts|nsfw|xxx|explicit|lewd|raunchy|smut|smutty',
    'naked|nude|nudes|nudity|undressed|undressing|undress|topless|bottomless|unclothed',
    'porn*', 'erotic*', 'horny|aroused|arousing|orgasm|orgasms|orgy|orgies|threesome|foursome',
    'blowjob*', 'handjob*', 'masturbat*', 'jerk|jerking|jack|jacking off', 'deepthroat*', 'hentai', 'rule 34', '(onlyfans|only fans)',
    'seduce|seduces|seducing|seduced|seduction|seductive|molest*', 'grope|groped|groping|fondle|fondled|fondling',
    'stripping|stripper|strippers|striptease|lingerie|bikini|bikinis|thong|thongs|panties',
    'penis|penises|dick|dicks|cock|cocks|vagina|vaginas|pussy|tits|titties|boobs|boobies|nipples|genitals|boner|erection|cum|cumming|semen',
    'rape|raped|raping|rapes',
    '(suck|sucks|sucking|sucked) (my|his|her|a|me|_) (dick|cock|off)', '(doggy style|doggystyle)',
    'sleep|sleeping|slept with', 'hook|hooking|hooked up', 'make|making out', 'in bed with', 'sex tape|tapes', 'graphic detail',
  ],
  /**
   * 'fuck' is mostly an intensifier or an insult ('fuck Mondays', 'fuck
   * Trump'): it counts only with a determiner before a child ('fuck a 12
   * year old'), and in its -ing and past forms right before a name.
   */
  fuck: ['fuck|fuk|screw|bang|bone|shag|hump'],
  fucking: ['fucks|fucking|fuckin|fucked|fuking|screwing|screwed|banging|banged|boning|boned|shagging|shagged|humping|humped'],
  /** 'hot' is only sexual right before a child ('hot 14 year olds'); 'hot dogs at a kids party' is not. */
  hot: ['hot|hottest|hotter'],
} as const;
