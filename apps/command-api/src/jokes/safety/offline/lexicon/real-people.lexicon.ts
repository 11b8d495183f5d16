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
  // More politicians, officials and royals
  'Barack', 'Melania', 'Ivanka', 'Trump Jr', 'Eric Trump', 'Jared Kushner', 'Kushner', 'Barron Trump', 'Jill Biden', 'Doug Emhoff',
  'Gavin Newsom', 'Newsom', 'Greg Abbott', 'Kathy Hochul', 'Eric Adams', 'Gretchen Whitmer', 'Josh Shapiro', 'Pete Buttigieg', 'Buttigieg', 'Tim Walz', 'Walz',
  'Chuck Schumer', 'Mike Johnson', 'Kevin McCarthy', 'Lindsey Graham', 'Rand Paul', 'Mitt Romney', 'Romney', 'Elizabeth Warren', 'Ilhan Omar', 'Rashida Tlaib',
  'Lauren Boebert', 'Boebert', 'Matt Gaetz', 'Gaetz', 'Rudy Giuliani', 'Giuliani', 'Steve Bannon', 'Bannon', 'RFK', 'RFK Jr', 'Robert F Kennedy', 'Vivek Ramaswamy',
  'Nikki Haley', 'Tulsi Gabbard', 'Marco Rubio', 'Rubio', 'Pete Hegseth', 'Hegseth', 'Kristi Noem', 'Stephen Miller', 'Clarence Thomas', 'Brett Kavanaugh', 'Kavanaugh',
  'Amy Coney Barrett', 'John Roberts', 'Sonia Sotomayor', 'Ketanji Brown Jackson', 'Anthony Fauci', 'Fauci', 'Merrick Garland', 'Jimmy Carter', 'Ronald Reagan',
  'Dick Cheney', 'Al Gore', 'John McCain', 'Sarah Palin', 'Jacinda Ardern', 'Giorgia Meloni', 'Meloni', 'Viktor Orban', 'Orban', 'Javier Milei', 'Milei',
  'Jair Bolsonaro', 'Bolsonaro', 'Lula', 'Marine Le Pen', 'Le Pen', 'Olaf Scholz', 'Scholz', 'Pedro Sanchez', 'Kim Jong-un', 'Kim Jong Il', 'Ali Khamenei', 'Khamenei',
  'Mohammed bin Salman', 'MBS', 'Bashar al-Assad', 'Assad', 'Alexander Lukashenko', 'Lukashenko', 'Mark Carney', 'Carney', 'Anthony Albanese', 'Albanese', 'Kemi Badenoch',
  'Jeremy Corbyn', 'Corbyn', 'David Cameron', 'Tony Blair', 'Gordon Brown', 'Margaret Thatcher', 'Thatcher', 'Suella Braverman', 'Priti Patel', 'Sadiq Khan',
  'Queen Camilla', 'Prince George', 'Princess Charlotte', 'Princess Diana', 'Princess Anne', 'Prince Philip', 'Harry and Meghan',
  'the Dalai Lama', 'Dalai Lama', 'Pope Benedict', 'Osama bin Laden', 'Hitler', 'Adolf Hitler', 'Stalin', 'Mussolini',
  // More music
  'Beyonce Knowles', 'Jay-Z', 'Kendrick Lamar', 'Kendrick', 'Travis Scott', 'Post Malone', 'The Weeknd', 'Bruno Mars', 'Doja Cat', 'Megan Thee Stallion', 'Ice Spice',
  'SZA', 'Lana Del Rey', 'Chappell Roan', 'Charli XCX', 'Halsey', 'Demi Lovato', 'Camila Cabello', 'Shawn Mendes', 'Jennifer Hudson', 'Mariah Carey', 'Celine Dion',
  'Cher', 'Dolly Parton', 'Shania Twain', 'Carrie Underwood', 'Morgan Wallen', 'Luke Combs', 'Jelly Roll', 'Kesha', 'Avril Lavigne', 'Gwen Stefani', 'Blake Shelton',
  'Adam Levine', 'Chris Brown', 'Pharrell', 'Lil Nas X', 'Lil Wayne', 'Megan Fox', 'Machine Gun Kelly', 'MGK', 'Grimes', 'Harry Styles',
  'Bono', 'Elton John', 'Mick Jagger', 'Paul McCartney', 'Ringo Starr', 'Ozzy Osbourne', 'Sharon Osbourne', 'Kelly Osbourne',
  'Rosalia', 'Karol G', 'J Balvin', 'Peso Pluma', 'BTS', 'Jungkook', 'Lisa Manoban', 'Jennie Kim', 'Blackpink', 'Olivia Rodrigo', 'Tate McRae', 'Finneas',
  // More film and television
  'Timothee Chalamet', 'Chalamet', 'Jenna Ortega', 'Pedro Pascal', 'Oscar Isaac', 'Florence Pugh', 'Anya Taylor-Joy', 'Millie Bobby Brown', 'Sadie Sink',
  'Jacob Elordi', 'Austin Butler', 'Glen Powell', 'Paul Mescal', 'Barry Keoghan', 'Jeremy Allen White', 'Dakota Johnson', 'Jamie Dornan', 'Gal Gadot', 'Ana de Armas',
  'Anne Hathaway', 'Sandra Bullock', 'Julia Roberts', 'Nicole Kidman', 'Meryl Streep', 'Cate Blanchett', 'Kate Winslet', 'Charlize Theron', 'Halle Berry', 'Salma Hayek',
  'Sofia Vergara', 'Eva Mendes', 'Jessica Alba', 'Kristen Stewart', 'Kristen Bell', 'Dax Shepard', 'Emma Roberts', 'Elle Fanning', 'Dakota Fanning',
  'Hailee Steinfeld', 'Jennifer Coolidge', 'Jennifer Garner', 'Ben Affleck', 'Affleck', 'Matt Damon', 'George Clooney', 'Clooney', 'Chris Hemsworth', 'Chris Evans',
  'Chris Pratt', 'Chris Pine', 'Robert Downey Jr', 'Tom Holland', 'Henry Cavill', 'Idris Elba', 'Michael B Jordan', 'Denzel Washington', 'Samuel L Jackson',
  'Morgan Freeman', 'Jason Momoa', 'Vin Diesel', 'Mark Wahlberg', 'Adam Sandler', 'Ben Stiller', 'Jim Carrey', 'Jack Black', 'Seth Rogen', 'Jonah Hill',
  'Ryan Gosling', 'Gosling', 'Cillian Murphy', 'Robert Pattinson', 'Pattinson', 'Andrew Garfield', 'Benedict Cumberbatch', 'Daniel Radcliffe', 'Rupert Grint',
  'Hugh Jackman', 'Hugh Grant', 'Colin Firth', 'Keira Knightley', 'Emilia Clarke', 'Sophie Turner', 'Maisie Williams', 'Kit Harington', 'Pamela Anderson',
  'Kim Kardashian West', 'Kim K', 'Kimye', 'Travis Barker', 'Pete Davidson', 'Scott Disick', 'Tristan Thompson',
  'Ellen DeGeneres', 'Jimmy Fallon', 'Fallon', 'James Corden', 'Corden', 'Seth Meyers', 'Trevor Noah', 'Jon Stewart', 'John Oliver', 'Andy Cohen',
  'Gordon Ramsay', 'Ramsay', 'Guy Fieri', 'Simon Cowell', 'Piers Morgan', 'Alex Jones', 'Ben Shapiro', 'Candace Owens', 'Megyn Kelly', 'Sean Hannity', 'Rachel Maddow',
  'Anderson Cooper', 'Charlie Kirk', 'Matt Walsh', 'Jeffrey Dahmer', 'Ted Bundy', 'Charles Manson', 'OJ Simpson', 'R Kelly', 'Woody Allen', 'Roman Polanski',
  'Prince Andrew', 'Kevin Spacey', 'Marilyn Manson', 'Danny Masterson', 'Tiger Woods', 'Michael Jackson',
  // Tech, business and influencers
  'Jensen Huang', 'Satya Nadella', 'Sundar Pichai', 'Larry Page', 'Sergey Brin', 'Larry Ellison', 'Peter Thiel', 'Thiel', 'Steve Jobs', 'Jack Dorsey', 'Sheryl Sandberg',
  'Marc Andreessen', 'Sam Bankman-Fried', 'SBF', 'Elizabeth Holmes', 'Martin Shkreli', 'Richard Branson', 'Branson', 'Mackenzie Scott', 'George Soros', 'Soros',
  'Rupert Murdoch', 'Murdoch', 'Charles Koch', 'Bernard Arnault', 'Grimes', 'Zuck', 'Addison Rae', 'Charli DAmelio', 'Dixie DAmelio', 'Bella Poarch',
  'Khaby Lame', 'Kai Cenat', 'IShowSpeed', 'xQc', 'Pokimane', 'Amouranth', 'Belle Delphine', 'Corinna Kopf', 'Emma Chamberlain', 'David Dobrik',
  'Trisha Paytas', 'James Charles', 'Jeffree Star', 'Tana Mongeau', 'KSI', 'Markiplier', 'Adin Ross', 'Hasan Piker', 'Alix Earle',
  'Bryce Hall', 'Hawk Tuah', 'Haliey Welch', 'Bonnie Blue', 'Lily Phillips', 'Mia Khalifa', 'Riley Reid', 'Stormy Daniels', 'Andrew Tate', 'Tristan Tate', 'Tate brothers',
  // Sport
  'Patrick Mahomes', 'Mahomes', 'Brittany Mahomes', 'Aaron Rodgers', 'Caitlin Clark', 'Angel Reese', 'Stephen Curry', 'Steph Curry', 'Kevin Durant', 'Shaq',
  'Shaquille ONeal', 'Kobe Bryant', 'Kobe', 'Giannis', 'Luka Doncic', 'Victor Wembanyama', 'Wemby', 'Shohei Ohtani', 'Ohtani', 'Aaron Judge', 'Conor McGregor',
  'McGregor', 'Ronda Rousey', 'Jon Jones', 'Mike Tyson', 'Tyson Fury', 'Floyd Mayweather', 'Mayweather', 'Canelo', 'Usain Bolt', 'Lewis Hamilton', 'Max Verstappen',
  'Roger Federer', 'Rafael Nadal', 'Novak Djokovic', 'Djokovic', 'Naomi Osaka', 'Coco Gauff', 'Venus Williams', 'Neymar', 'Kylian Mbappe', 'Mbappe', 'Erling Haaland',
  'Haaland', 'David Beckham', 'Beckham', 'Victoria Beckham', 'Wayne Rooney', 'Harry Kane', 'Zlatan', 'Megan Rapinoe', 'Alex Morgan', 'Tony Hawk', 'Michael Phelps',
  'Olivia Dunne', 'Livvy Dunne', 'Sha Carri Richardson', 'Wayne Gretzky', 'Kelce', 'Taylor and Travis',
  // The very famous, known by their first name alone
  'Beyonce', 'Rihanna', 'Oprah', 'Zendaya', 'Shakira', 'Adele', 'Madonna', 'Lizzo', 'Kanye', 'Elon', 'Hillary', 'Kamala', 'Greta', 'Lebron', 'Messi',
];

/**
 * Surnames that mean one person alone, for someone named partly ('a
 * Sheeran sex tape', 'stab Pelosi'). Only surnames that are no English word
 * or common name: 'Swift', 'Stone', 'Grande', 'Musk' or 'Spears' are not
 * here, since a topic about them may mean the word.
 */
const SURNAMES: readonly string[] = [
  'Silverman', 'Sandler', 'Poehler', 'Samberg', 'Nancherla', 'Kreischer', 'Hader', 'Burnham', 'Newhart', 'Goldthwait', 'Carvey', 'Tosh', 'Rickles', 'Izzard',
  'DeGeneres', 'Iglesias', 'Gulman', 'Carlin', 'Gottfried', 'Yashere', 'Giraldo', 'Buress', 'Minhaj', 'Foxworthy', 'Carrey', 'Belushi', 'Cleese', 'McKinnon',
  'Wiig', 'Nanjiani', 'Wilmore', 'Lampanelli', 'Maron', 'Bamford', 'Birbiglia', 'Hedberg', 'Offerman', 'Oswalt', 'Poundstone', 'Pryor', 'Gervais', 'Dangerfield',
  'Kinison', 'Millican', 'Rogen', 'Carell', 'Haddish', 'Notaro', 'Heidecker', 'Minchin', 'Yankovic', 'Ferrell', 'McConnell', 'Thunberg', 'Markle', 'Eilish', 'Minaj',
  'Lipa', 'Rodrigo', 'Sheeran', 'Timberlake', 'Johansson', 'Aniston', 'Sweeney', 'Portman', 'Jolie', 'Depp', 'Winfrey', 'Jenner', 'Altman', 'Emhoff', 'Hochul',
  'Whitmer', 'Tlaib', 'Ramaswamy', 'Gabbard', 'Noem', 'Sotomayor', 'Cheney', 'Ardern', 'Badenoch', 'Braverman', 'Stefani', 'Lavigne', 'Jagger', 'McCartney',
  'Osbourne', 'Balvin', 'Elordi', 'Mescal', 'Keoghan', 'Dornan', 'Gadot', 'Hathaway', 'Kidman', 'Streep', 'Blanchett', 'Winslet', 'Theron', 'Hayek', 'Vergara',
  'Steinfeld', 'Hemsworth', 'Cavill', 'Momoa', 'Wahlberg', 'Stiller', 'Cumberbatch', 'Radcliffe', 'Jackman', 'Knightley', 'Harington', 'Disick', 'Fieri', 'Cowell',
  'Hannity', 'Maddow', 'Dahmer', 'Polanski', 'Spacey', 'Nadella', 'Pichai', 'Dorsey', 'Sandberg', 'Andreessen', 'Shkreli', 'Arnault', 'DAmelio', 'Cenat', 'Dobrik',
  'Paytas', 'Piker', 'Doncic', 'Wembanyama', 'Rousey', 'Verstappen', 'Federer', 'Nadal', 'Gauff', 'Rapinoe', 'Phelps', 'Gretzky', 'Kardashians', 'Obamas', 'Bidens',
];

/** "Conan O'Brien" -> "conan o'brien|o'briens"; the phrase syntax of phrase-index.ts. */
const withPossessive = (name: string): string => {
  const words = name.replace(/\./g, '').split(/\s+/);
  const last = words.pop()!;
  return [...words, `${last}|${last}s`].join(' ');
};

export const REAL_PEOPLE_PHRASES = {
  realPerson: [...new Set([...COMEDIANS.map((comedian) => comedian.name), ...PEOPLE, ...SURNAMES])].map(withPossessive),
  /** People known by their office: threats against them are threats against a real person. */
  office: [
    '(the|_) (president|presidents|vice president|prime minister|prime ministers|chancellor|chancellors|pope|popes|governor|governors|mayor|mayors|senator|senators|congressman|congressmans|congresswoman|congresswomans|chief justice|supreme court justices|speaker of the house|potus|vp|pm|premier)',
    '(the|_) (judge|judges|justice|justices|sheriff|sheriffs|attorney general|district attorney|da|ambassador|ambassadors|minister|ministers|councillor|councilman|councilwoman|state senator|lawmaker|lawmakers|politician|politicians|congress|senate|parliament members|mps)',
    '(the|_) (ceo|ceos|chairman|founder|owner) of', '(the|_) (king|kings|queen|queens|prince|princess|crown prince)',
    'my|our|_ mp', 'cop|cops|police|policemen|policeman', '(police officers|police officer|an officer|the officer|federal agents|ice agents|fbi agents)',
    '(the|that|a) (journalist|journalists|reporter|reporters|news anchor|candidate|candidates)',
  ],
} as const;
