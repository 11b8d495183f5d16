import { COMEDIANS } from '@jokes/domain';

/**
 * Well-known real people: every comedian of the catalogue (the product writes
 * in their names), politicians, royals, celebrities, the very rich. Full
 * names, and the surnames or single names that mean one person.
 * A name is also found with a possessive or plural 's' ("Obama's").
 */
const PEOPLE: readonly string[] = [
  // Politicians and heads of state
  'Donald Trump', 'Trump', 'Melania Trump', 'Ivanka Trump', 'Barack Obama', 'Obama', 'Michelle Obama', 'Joe Biden', 'Biden', 'Hunter Biden',
  'Kamala Harris', 'Kamala', 'JD Vance', 'Mike Pence', 'Pence', 'Hillary Clinton', 'Hillary', 'Bill Clinton', 'Clinton', 'George Bush', 'George W Bush',
  'Nancy Pelosi', 'Pelosi', 'AOC', 'Alexandria Ocasio-Cortez', 'Bernie Sanders', 'Ron DeSantis', 'DeSantis', 'Ted Cruz', 'Mitch McConnell', 'Marjorie Taylor Greene',
  'Vladimir Putin', 'Putin', 'Volodymyr Zelensky', 'Zelensky', 'Zelenskyy', 'Benjamin Netanyahu', 'Netanyahu', 'Xi Jinping', 'Kim Jong Un', 'Narendra Modi', 'Modi',
  'Emmanuel Macron', 'Macron', 'Angela Merkel', 'Merkel', 'Justin Trudeau', 'Trudeau', 'Recep Erdogan', 'Erdogan', 'Boris Johnson', 'Rishi Sunak', 'Sunak',
  'Keir Starmer', 'Starmer', 'Nigel Farage', 'Farage', 'Liz Truss', 'Theresa May', 'Greta Thunberg', 'Greta',
  // Royals and religious leaders
  'King Charles', 'Queen Elizabeth', 'Prince Harry', 'Prince William', 'Prince Andrew', 'Meghan Markle', 'Kate Middleton', 'Pope Francis', 'Pope Leo',
  // Music
  'Taylor Swift', 'TSwift', 'Beyonce', 'Rihanna', 'Madonna', 'Shakira', 'Adele', 'Drake', 'Kanye West', 'Kanye', 'Eminem', 'Lizzo', 'Cardi B', 'Nicki Minaj',
  'Selena Gomez', 'Ariana Grande', 'Billie Eilish', 'Miley Cyrus', 'Justin Bieber', 'Bieber', 'Hailey Bieber', 'Britney Spears', 'Lady Gaga', 'Katy Perry',
  'Dua Lipa', 'Olivia Rodrigo', 'Sabrina Carpenter', 'Harry Styles', 'Ed Sheeran', 'Justin Timberlake', 'Snoop Dogg', 'Jay Z', 'Diddy', 'Sean Combs', 'Bad Bunny',
  // Film and television
  'Emma Watson', 'Emma Stone', 'Scarlett Johansson', 'Jennifer Lawrence', 'Jennifer Aniston', 'Jennifer Lopez', 'JLo', 'Margot Robbie', 'Sydney Sweeney',
  'Zendaya', 'Natalie Portman', 'Angelina Jolie', 'Brad Pitt', 'Tom Cruise', 'Tom Hanks', 'Leonardo DiCaprio', 'DiCaprio', 'Johnny Depp', 'Amber Heard',
  'Keanu Reeves', 'Dwayne Johnson', 'Will Smith', 'Jada Pinkett Smith', 'Ryan Reynolds', 'Blake Lively', 'Oprah', 'Oprah Winfrey', 'Martha Stewart', 'Paris Hilton',
  'Kim Kardashian', 'Kardashian', 'Kourtney Kardashian', 'Khloe Kardashian', 'Kylie Jenner', 'Kendall Jenner', 'Kris Jenner', 'Caitlyn Jenner',
  'Bill Cosby', 'Cosby', 'Harvey Weinstein', 'Weinstein', 'Jeffrey Epstein', 'Epstein', 'Ghislaine Maxwell',
  // Business, media, sport
  'Elon Musk', 'Elon', 'Mark Zuckerberg', 'Zuckerberg', 'Zuck', 'Jeff Bezos', 'Bezos', 'Bill Gates', 'Tim Cook', 'Sam Altman', 'Warren Buffett',
  'MrBeast', 'Logan Paul', 'Jake Paul', 'PewDiePie', 'Joe Rogan', 'Rogan', 'Andrew Tate', 'Tucker Carlson', 'Jordan Peterson',
  'Serena Williams', 'LeBron James', 'LeBron', 'Cristiano Ronaldo', 'Ronaldo', 'Lionel Messi', 'Messi', 'Tom Brady', 'Travis Kelce', 'Michael Jordan', 'Simone Biles',
  // Comedians known by one name as well as their full one
  'Seinfeld', 'Chappelle', 'Mulaney', 'Gaffigan', 'Schumer', 'Kimmel', 'Colbert', 'Letterman', 'Galifianakis', 'Jeselnik', 'Bargatze', 'Maniscalco',
];

/** "Conan O'Brien" -> "conan o'brien|o'briens"; the phrase syntax of phrase-index.ts. */
const withPossessive = (name: string): string => {
  const words = name.replace(/\./g, '').split(/\s+/);
  const last = words.pop()!;
  return [...words, `${last}|${last}s`].join(' ');
};

export const REAL_PEOPLE_PHRASES = {
  realPerson: [...new Set([...COMEDIANS.map((comedian) => comedian.name), ...PEOPLE])].map(withPossessive),
  /** People known by their office: threats against them are threats against a real person. */
  office: [
    '(the|_) (president|presidents|vice president|prime minister|chancellor|pope|governor|mayor|senator|congressman|congresswoman|chief justice|supreme court justices|speaker of the house)',
    'the king|queen', 'my|our|_ mp', 'cop|cops|police|policemen|policeman', '(police officers)',
  ],
} as const;
