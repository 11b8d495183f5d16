/**
 * Hate against protected groups (race, ethnicity, nationality, religion, sex,
 * gender identity, sexual orientation, disability). Naming a group is fine
 * ('Jewish mothers', 'immigrants'); the rules refuse a group called vermin,
 * or said to deserve death or removal. Slurs are matched by obscenity
 * (slurs.ts), which handles their spellings better than a word list.
 */
const MODAL = '(should|must|shall|should all|must all|need to|needs to|ought to|deserve to|deserves to|have to|has to|are going to|will|should just)';

export const HATE_PHRASES = {
  group: [
    'immigrants|immigrant|migrants|migrant|refugees|refugee|illegals|foreigners', 'asylum seekers',
    'jews|jew|jewish|muslims|muslim|moslems|islamists|arabs|arab|palestinians|israelis|christians|catholics|hindus|sikhs|buddhists|atheists|mormons',
    'black|white|brown|asian|jewish|gay|trans|transgender|disabled|autistic|indian|chinese|mexican|african|latino people|person|folks|men|women|guys',
    'trannies|tranies|queers',
    'blacks|whites|africans|mexicans|latinos|latinas|hispanics|asians|chinese|japanese|koreans|indians|pakistanis|somalis|nigerians|haitians',
    'gypsies|gypsy|roma|travellers|irish|poles|romanians|russians|ukrainians',
    'gays|lesbians|homosexuals|queers|bisexuals|transgenders|transsexuals|lgbt|lgbtq|trans',
    'women|woman|females|men|males',
    '(the|_) disabled|handicapped|cripples|autistics|retards',
  ],
  /** What one says of vermin, not of people. */
  dehumanising: [
    'vermin|rats|bugs|cockroaches|roaches|cockroach|parasites|parasite|leeches|lice|maggots|insects|locusts|termites|pests',
    'animals|beasts|apes|monkeys|gorillas|baboons|pigs|swine|dogs|savages|subhuman|subhumans|untermensch|mongrels',
    'disease|diseases|plague|cancer|virus|infestation|filth|scum|trash|garbage',
    'terrorists|rapists|criminals|thieves|thieving|pedophiles|pedos|groomers|degenerates|perverts|freaks|abominations|abomination',
    '(mentally ill|not human|less than human|not people|inferior|genetically inferior|a lower race|an inferior race|property|objects)',
  ],
  /** Death or removal wished on someone: 'should be deported', 'must die'. */
  doom: [
    `${MODAL} (be|get|all be) killed|gassed|shot|hanged|hung|lynched|burned|burnt|murdered|exterminated|eradicated|eliminated|deported|executed|slaughtered|sterilized|sterilised|drowned|beheaded|culled|removed`,
    `${MODAL} (be|get|all be) (wiped out|put down|locked up|sent back|thrown out|kicked out)`,
    `${MODAL} (die|drown|burn|hang|rot|be dead)`,
    '(dont|do not|doesnt|does not) deserve (to live|to exist|rights)', '(shouldnt|should not) (be allowed to|have the right to) (live|exist|vote)',
  ],
  /** 'X are ...': what follows is said of the whole group. */
  copula: ['are|is|were|r|arent|be'],
  /** Done to a whole group: 'gas the jews', 'deport all muslims'. */
  purge: [
    'kill|gas|exterminate|eradicate|eliminate|lynch|hang|shoot|burn|deport|send|ship|sterilize|sterilise|slaughter|cull|genocide|ban|purge|nuke', '(wipe out|get rid of)',
  ],
  hateSlogan: [
    'heil hitler', 'sieg heil', '1488', '14 88', '14 words', 'white power', 'white pride worldwide', 'race war now', 'rahowa', 'gas the jews',
    'jews will not replace us', 'hitler (was right|did nothing wrong)', '(kill all|kill all the) jews|muslims|blacks|gays|immigrants|women',
    'holocaust (never happened|didnt happen|did not happen|is a lie|was a lie|is fake|was fake|is a hoax|was a hoax|is a myth|was a myth|was exaggerated)',
    '(the jews|jews|jewish people) control|run|own (the|_) banks|media|world|government|hollywood|money',
    'zionist occupied government', 'zog', '(great replacement|white genocide) is real',
    '(send|ship|sending|shipping|go) (them|him|her|all of them|_) back to (africa|mexico|china|india|pakistan|the jungle|their country|your country|where they came from|where you came from)',
    '(white|aryan|master) race', 'white supremacy (is right|rules|now)', '(race|races|people) (is|are) (superior|inferior)',
  ],
} as const;
