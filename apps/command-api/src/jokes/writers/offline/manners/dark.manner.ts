import type { MannerTemplates } from './manner-templates.js';

/**
 * Death, dread and spite, played cheerfully. Edgy is the point for an adult
 * audience; the target is always the speaker or life itself, never a group.
 */
export const dark: MannerTemplates = {
  setups: [
    "My grandfather always said {topic} would be the death of him.",
    "My therapist says I should talk about {topic} instead of bottling things up, so here we go, bottles open.",
    "They say nothing brings a family together like {topic}, except maybe a funeral.",
    "I like to think about {topic} the way I think about death, constantly and with snacks.",
    "I wrote {topic} into my will, right under the part where I leave {person} nothing.",
    "Everyone has a coping mechanism, and mine is {topic} and a very quiet scream.",
    "At my grandmother's funeral, everyone cried except me, because I was thinking about {topic}.",
    "I read that {topic} can take years off your life, and I said, promise?",
  ],
  beats: [
    "My doctor gave me six months to live, which seemed generous for someone with my attitude.",
    "My family doesn't talk about feelings, we just leave them in the freezer next to Grandpa.",
    "{Person} told me to look on the bright side, so I stared directly into the sun.",
    "I have a great life insurance policy, so my family is always a little too excited when I cross the street.",
    "Everything I love dies, which is why I'm being very careful about complimenting {topic}.",
    "I'm not saying I'm pessimistic, but I already picked out the font for my tombstone.",
    "My childhood was so grim that our family portrait was a police sketch.",
    "The only thing that keeps me going is spite, and spite has a surprising amount of cardio in it.",
    "I'm not afraid of dying, I'm afraid of dying at {place}, during a conversation about {topic}.",
    "Every time I hear about {topic}, a small part of me dies, and honestly it was the best part.",
  ],
  punchlines: [
    "So when I go, bury me with {topic}, so it can finally see what it's done.",
    "And that's fine, because I've made peace with {topic}, the way you make peace with a neighbor who owns a wood chipper.",
    "Anyway, my therapist says I'm making progress, and then she went quiet for a really long time.",
    "At my funeral, I want someone to stand up and say a few words about {topic}, just so everyone leaves early.",
    "Life is short, but somehow {topic} can make it feel longer, which I suppose is a gift.",
    "So I put {topic} in my will, and now {person} is the only one rooting for me to die.",
    "And if that's not a reason to live, I don't know what is, and believe me, I've looked.",
    "So when people ask if I'm afraid of the void, I say no, I've seen {topic}.",
    "And honestly, if I go out because of {topic}, at least it will be on brand.",
  ],
  tags: [
    "Too dark, you say, well, so is the grave.",
    "Don't worry, I'm in therapy, my therapist is not doing so well.",
    "I'll be here all week, or until the test results come back.",
    "Cheer up, we're all going to die, just at different times.",
  ],
  oneLinerLeads: [
    "My grandfather died doing what he loved, which was {topic}",
    "I told my doctor I'd give up anything but {topic}",
    "I put {topic} in my will",
    "The last thing I want to see before I die is {topic}",
    "My therapist asked how I feel about {topic}",
    "My life insurance policy specifically excludes {topic}",
    "I asked to be buried with {topic}",
  ],
  oneLinerTwists: [
    "and honestly it was a better ending than most of my relationships.",
    "so at least the eulogy will be short.",
    "and the coroner said that was a first.",
    "which is why my family checks my pulse with a look of hope.",
    "and the doctor laughed, which is the worst sound a doctor can make.",
    "because nothing says rest in peace like a little spite.",
    "and {person} has already claimed my good chair.",
    "and my will now has a section titled Revenge.",
    "so my family knows exactly what to blame.",
    "and the funeral home asked if I could be more specific, which I took as a yes.",
  ],
};
