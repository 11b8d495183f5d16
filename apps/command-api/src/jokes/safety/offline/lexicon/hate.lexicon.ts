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
    '(judios|musulmanes|inmigrantes|gitanos|negros|moros|extranjeros|refugiados|juden|muslime|auslander|fluchtlinge|zigeuner|juifs|musulmans|immigres|arabes|noirs)',
    // Singular, as in 'the only good indian is a dead indian'.
    'indian|mexican|arab|african|chinese|somali|gypsy|immigrant|refugee|migrant|muslim|jew|christian|hindu|sikh|homosexual|lesbian|tranny|redskin|injun',
    'blacks|whites|africans|mexicans|latinos|latinas|hispanics|asians|chinese|japanese|koreans|indians|pakistanis|somalis|nigerians|haitians',
    'gypsies|gypsy|roma|travellers|irish|poles|romanians|russians|ukrainians',
    'gays|lesbians|homosexuals|queers|bisexuals|transgenders|transsexuals|lgbt|lgbtq|trans',
    'women|woman|females|men|males',
    '(the|_) disabled|handicapped|cripples|autistics|retards',
    // Nationalities, peoples and regions, as a plural noun or an adjective with a word for people.
    '(americans|canadians|brazilians|colombians|venezuelans|cubans|dominicans|puerto ricans|jamaicans|guatemalans|salvadorans|hondurans|peruvians|argentinians)',
    'britons|brits|english|scots|welsh|french|germans|italians|spaniards|portuguese|dutch|greeks|turks|kurds|albanians|serbs|croats|bosnians|czechs|hungarians|bulgarians|lithuanians',
    '(afghans|iraqis|iranians|syrians|lebanese|egyptians|libyans|moroccans|algerians|tunisians|yemenis|saudis|bangladeshis|sri lankans|nepalese|tamils|punjabis|persians|bedouins)',
    '(ethiopians|eritreans|sudanese|kenyans|ghanaians|congolese|ugandans|zimbabweans|south africans|vietnamese|filipinos|thais|cambodians|indonesians|malaysians|pacific islanders|aboriginals|aborigines)',
    '(natives|native americans|indigenous people|first nations|inuit|eskimos|indians|arabs|latinx|chicanos|slavs|jews|semites|hebrews|israelites|asylum seekers|newcomers|aliens|illegal aliens|expats|minorities)',
    'american|canadian|brazilian|colombian|cuban|jamaican|haitian|somali|nigerian|ethiopian|kenyan|syrian|afghan|iraqi|iranian|pakistani|bangladeshi|filipino|vietnamese|korean|japanese|turkish|kurdish|polish|romanian|russian|ukrainian|irish|italian|french|german|british|english|scottish|arab|arabic|persian|hispanic|latina|latinx|native|indigenous|aboriginal|roma|romani|gypsy people|persons|folks|men|women|kids|families|immigrants|refugees|guys|girls|boys',
    'black|white|brown|asian|jewish|gay|trans|transgender|disabled|autistic|indian|chinese|mexican|african|latino|muslim|christian|catholic|hindu|sikh|buddhist|lesbian|bisexual|queer|nonbinary|intersex|deaf|blind|handicapped|retarded|immigrant|migrant|refugee|foreign|biracial people|person|persons|folks|men|women|kids|families|communities|community|population|populations',
    // Religions, sexual orientations and gender identities, disabilities.
    '(muslims|moslems|mohammedans|islam|christians|christianity|catholics|protestants|evangelicals|mormons|jehovahs witnesses|hindus|sikhs|buddhists|jains|bahais|pagans|wiccans|atheists|judaism|zionists)',
    '(homos|homosexuals|bisexuals|bis|pansexuals|asexuals|nonbinary people|enbies|transwomen|transmen|trans women|trans men|transvestites|drag queens|the lgbt community|lgbtq people|lgbtqia|gay men|gay women|dykes|queers)',
    '(the deaf|the blind|paraplegics|quadriplegics|amputees|wheelchair users|downs|down syndrome kids|down syndrome people|the mentally ill|schizophrenics|dwarfs|midgets|little people)',
  ],
  /** What one says of vermin, not of people. */
  dehumanising: [
    'vermin|rats|bugs|cockroaches|roaches|cockroach|parasites|parasite|leeches|lice|maggots|insects|locusts|termites|pests',
    'animals|beasts|apes|monkeys|gorillas|baboons|pigs|swine|dogs|savages|subhuman|subhumans|untermensch|mongrels',
    'disease|diseases|plague|cancer|virus|infestation|filth|scum|trash|garbage',
    'terrorists|rapists|criminals|thieves|thieving|pedophiles|pedos|groomers|degenerates|perverts|freaks|abominations|abomination',
    '(mentally ill|not human|less than human|not people|inferior|genetically inferior|a lower race|an inferior race|property|objects)',
    '(burden|burdens|invasion|invaders|invading|infestation|infesting|swarm|swarms|swarming|hordes|horde|breeders|breeding|breed like|leeching|leech|bloodsuckers|bottom feeders)',
    '(savage|barbaric|barbarians|barbarian|primitive|uncivilized|uncivilised|backwards|cavemen|neanderthals|cattle|livestock|herd|cows|goats|camels|dogs|mutts|rodents|snakes|vipers|worms|slugs|germs|bacteria|tumor|tumour|pox|contagion|sickness|a sickness)',
    '(inbred|filthy|dirty|stinking|stinky|smelly|unclean|impure|mongrel|half breeds|halfbreeds|mudbloods|bat eaters|dog eaters|cow worshippers|cow worshipping|goat fuckers|sand people|sandmonkeys|sand monkeys)',
    '(freaks of nature|sick freaks|perverted|perversion|deviants|deviant|unnatural|against nature|a mental illness|a disorder|mentally defective|defective|defects|useless eaters|worthless|a waste of oxygen|a waste of space)',
    '(scammers|frauds|crooks|thugs|gangsters|drug dealers|welfare queens|moochers|freeloaders|leeches|gold diggers|terrorist scum)',
    '(ratas|cucarachas|parasitos|animales|basura|plaga|escoria|ratten|ungeziefer|parasiten|untermenschen|vermine|cafards|sous hommes)',
    '(evil|satanic|demons|demonic|a threat|the enemy|traitors|snakes|leeches|greedy|subhumans|sub human|untermenschen)',
  ],
  /** Said of vermin before the word for the group: 'filthy immigrants', 'subhuman muslims'. */
  dehumanisingAdjective: ['filthy|dirty|stinking|stinky|smelly|subhuman|inferior|inbred|disgusting|savage|verminous|parasitic|degenerate|worthless|useless|rabid|diseased|mongrel'],
  /** 'The only good X is a dead X'. */
  onlyGood: ['(the|_) only good'],
  dead: ['dead|deceased|buried|gassed|hanged|hung|shot'],
  /** Death or removal wished on someone: 'should be deported', 'must die'. */
  doom: [
    `${MODAL} (be|get|all be) killed|gassed|shot|hanged|hung|lynched|burned|burnt|murdered|exterminated|eradicated|eliminated|deported|executed|slaughtered|sterilized|sterilised|drowned|beheaded|culled|removed`,
    `${MODAL} (be|get|all be) (wiped out|put down|locked up|sent back|thrown out|kicked out)`,
    `${MODAL} (die|drown|burn|hang|rot|be dead)`,
    '(dont|do not|doesnt|does not) deserve (to live|to exist|rights)', '(shouldnt|should not) (be allowed to|have the right to) (live|exist|vote)',
    `${MODAL} (be|get|all be) (nuked|bombed|stoned|rounded up|interned|caged|purged|castrated|enslaved|whipped|beaten|hunted|banned|expelled|neutered|euthanized|euthanised|gassed)`,
    `${MODAL} (be|get|all be) (put in camps|sent to camps|put in cages|put in ovens|sent to the ovens|sent to the gas chambers|wiped off the map|burned at the stake|thrown off roofs|put to death)`,
    '(into|in|to) (the|_) (ovens|gas chambers|camps|concentration camps|death camps)', '(belong|belongs) (in|on|behind) (cages|a cage|camps|zoos|a zoo|chains|ovens|the ovens|the ground|graves|a grave|hell|the jungle|trees|a tree|bars)', 'final solution', '(go|went) back to (the|their|your) (jungle|desert|cave|caves|country|countries)',
    '(shouldnt|should not|dont|do not) (be allowed to|get to) (live|exist|breed|reproduce|have kids|marry|vote)', `${MODAL} (be|get|all be) (thrown|pushed|tossed) (off|from) (roofs|rooftops|buildings|a roof|a building|cliffs|a cliff|bridges|helicopters)`, '(is|are) (a|the) (problem|plague|cancer|disease|virus)',
    '(should|must|need to|needs to) (be|get) (fixed|cured|converted) or (killed|shot|removed)',
  ],
  /** 'The world would be better without X'. */
  betterWithout: ['(the world|we|society|everyone|this country|america|europe|the planet|the earth|humanity) (would be|is|will be|d be|would all be) better (off|_) without', '(wed|we would|we d) be better off without'],
  /** 'X are ...': what follows is said of the whole group. */
  copula: ['(son|sont|sind|sono|are|is|were|r|be|becoming|look like|looks like|act like|acts like|behave like|breed like)'],
  /** Done to a whole group: 'gas the jews', 'deport all muslims'. */
  purge: [
    'kill|gas|exterminate|eradicate|eliminate|lynch|hang|shoot|burn|deport|send|ship|sterilize|sterilise|slaughter|cull|genocide|ban|purge|nuke', '(wipe out|get rid of)',
    '(bomb|stone|enslave|intern|cage|castrate|expel|behead|massacre|kill off|hunt|hunt down|round up|rounding up|rounded up|lock up|exile|euthanize|euthanise|drown|murder|execute)',
  ],
  hateSlogan: [
    'heil hitler', 'sieg heil', '1488', '14 88', '14 words', 'white power', 'white pride worldwide', 'race war now', 'rahowa', 'gas the jews',
    'jews will not replace us', 'hitler (was right|did nothing wrong)', '(kill all|kill all the) jews|muslims|blacks|gays|immigrants|women',
    'holocaust (never happened|didnt happen|did not happen|is a lie|was a lie|is fake|was fake|is a hoax|was a hoax|is a myth|was a myth|was exaggerated)',
    '(the jews|jews|jewish people) control|run|own (the|_) banks|media|world|government|hollywood|money',
    'zionist occupied government', 'zog', '(great replacement|white genocide) is real',
    '(send|ship|sending|shipping|go) (them|him|her|all of them|_) back to (africa|mexico|china|india|pakistan|the jungle|their country|your country|where they came from|where you came from)',
    '(white|aryan|master) race', 'white supremacy (is right|rules|now)', '(race|races|people) (is|are) (superior|inferior)',
    'the only good (one|ones) (is|are) (a|_) dead (one|ones)', 'race (mixing|traitor|traitors)', '(jewish|zionist) (question|conspiracy|plot|agenda)', '(gay|trans|homosexual) agenda',
    '(ching chong|ching chang chong|ting tong|slant eyes|slanty eyes|chinky eyes|towel heads|towel head|camel jockey|camel jockeys|sand nigger|sand niggers|porch monkey|porch monkeys|jungle bunny|jungle bunnies|zipperhead|zipperheads)',
    'muzzie|muzzies|muzrat|muzrats|mudslime|mudslimes|goatfucker|goatfuckers|jigaboo|jigaboos|jiggaboo|pickaninny|darkie|darkies|darky|wog|wogs|wop|wops|dago|dagos|gyppo|gyppos|pikey|pikeys|kyke|heeb|heebs|hymie|yid|yids',
    'troon|troons|trannie|shemales|ladyboys|poofter|poofters|faggit|fagit|fagget|sodomites|retard|retards|retarded|spaz|spazz|mong|mongs|mongoloid|mongoloids',
    '(gas|burn|nuke|bomb) the (jews|muslims|gays|blacks|arabs|immigrants|refugees|mexicans)',
  ],
} as const;
