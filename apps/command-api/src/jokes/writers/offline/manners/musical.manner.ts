import type { MannerTemplates } from './manner-templates.js';

/**
 * Comedy about the song rather than lyrics on the page: described verses,
 * key changes and ballads keep every sentence countable and the bit readable.
 */
export const musical: MannerTemplates = {
  setups: [
    "I wrote a power ballad about {topic}, so please imagine a key change.",
    "This next song is about {topic}, and it's in a minor key, like my bank account.",
    "Somebody cue the piano, because tonight we sing about {topic}.",
    "I tried to write a love song about {topic}, but it kept turning into a song about {person}.",
    "They asked me to write a jingle for {topic}, and I said yes before I heard the budget.",
    "I play the ukulele, which is a guitar that's afraid of commitment, and tonight it plays a song about {topic}.",
    "I wrote a country song about {topic}, so somebody is about to lose a truck.",
    "This next number is a rock opera about {topic}, and it runs about {number} hours, so get comfortable.",
  ],
  beats: [
    "The first verse is mostly me rhyming {topic} with words that should never rhyme with {topic}.",
    "The chorus just repeats {topic} over and over, which is how hit songs work now.",
    "Then there's a bridge, and the bridge is where I cry a little, but in tune.",
    "At this point in the song the drummer usually leaves, and honestly, fair.",
    "I hold the high note for {number} seconds, which is also how long my relationships last.",
    "There's a harmonica solo, because nothing says heartbreak like a harmonica.",
    "Then the tempo picks up, because {topic} picked up, and the orchestra is panicking.",
    "I rhymed {topic} with orange, and nobody at {place} has forgiven me.",
    "The backup singers are {person} and {animal}, and only one of them can carry a tune.",
    "Everybody clap along, no, not on one and three, what is wrong with you people?",
  ],
  punchlines: [
    "And then the big finish, where I hit a note so high that {animal} filed a noise complaint.",
    "It went straight to number one at {place}, on a chart they keep behind the counter.",
    "The song is just called {topic}, and it's already been banned at {number} karaoke bars.",
    "And that's the song about {topic}, it won a Grammy in my heart and nowhere else.",
    "Anyway, the album drops Tuesday, and by drops I mean I'm dropping it off at {person}'s house.",
    "And the final chord is just me closing the piano lid very slowly on my own career.",
    "So if you hear a song about {topic} on the radio, no you didn't, and please don't sue me.",
    "The music video is just me at {place} staring sadly at {thing}.",
    "And the last line of the song is just the words {topic}, sung by a choir that is clearly being paid by the hour.",
  ],
  tags: [
    "Thank you, I'll be signing autographs at the exit, quickly.",
    "Lighters up, or phone flashlights, or whatever you people have now.",
    "Encore, you say, no, you didn't say that, I did.",
    "I've been told that was a song.",
  ],
  oneLinerLeads: [
    "I wrote a love song about {topic}",
    "I tried to turn {topic} into a musical",
    "I sang a ballad about {topic} at {place}",
    "My band just released a concept album about {topic}",
    "I composed a whole symphony in honor of {topic}",
    "I wrote a breakup song about {topic}",
    "I wrote a lullaby about {topic} for my nephew",
  ],
  oneLinerTwists: [
    "and the only instrument anyone could agree on was a kazoo.",
    "and the standing ovation turned out to be people leaving.",
    "and the key change was so big it needed its own parking spot.",
    "and now {person} hums it whenever they want me to leave.",
    "and it reached number one on the charts of exactly {number} people.",
    "and the only review so far just says why, in all caps.",
    "and {animal} joined in on the chorus and honestly carried the whole thing.",
    "and it was so sad the piano asked for a minute.",
    "and the critics called it a bold choice, which means they left early.",
    "and the record label sent it back with a note that just said no.",
  ],
};
