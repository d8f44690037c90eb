/**
 * What the demo members wrote over the last ten days: posts (oldest first), the photos and clip some of
 * them carry, who reposted them, and the conversations under them. The seed turns this into rows;
 * likes, bookmarks, shares and views are drawn at random around it (see scripts/seed.ts).
 */
import { type PictureName } from "./pictures";

export type Username = "maya" | "leo" | "sofia" | "omar" | "priya" | "murmur";

export type SeedReply = { by: Username; text: string };
export type SeedComment = SeedReply & { replies?: SeedReply[] };

export type SeedPost = {
  by: Username;
  hoursAgo: number;
  text: string;
  location?: string;
  pictures?: PictureName[];
  /** Carries the committed demo clip (scripts/seed-assets/demo-clip.mp4). */
  video?: boolean;
  reposts?: { by: Username; hoursLater: number }[];
  comments?: SeedComment[];
  /** Subscriber-only (its author offers subscriptions: SEED_SUBSCRIPTIONS). */
  forSubscribers?: boolean;
};

export const SEED_POSTS: SeedPost[] = [
  {
    by: "maya",
    hoursAgo: 30,
    text: "Subscribers first: the new icon set is done. 48 glyphs, one 1.5px stroke, no exceptions. Source files next week. #design",
    forSubscribers: true,
  },
  {
    by: "maya",
    hoursAgo: 5,
    text: "For my subscribers: the type scale I use everywhere, 12/14/16/20/24/32. Boring on purpose.",
    forSubscribers: true,
  },
  {
    by: "murmur",
    hoursAgo: 236,
    text: "Welcome to Murmur! 👋 Short posts, real conversations. Follow a few people, add hashtags to join a topic, and say hi to @maya, @leo, @sofia, @omar and @priya, our first members. #murmur",
    comments: [
      { by: "maya", text: "So happy to be here! 💜" },
      { by: "leo", text: "Hello, world 👋" },
    ],
  },
  {
    by: "maya",
    hoursAgo: 230,
    location: "Lisbon",
    text: "Spent the morning rebuilding our spacing scale. Going from 7 steps to 5 made every screen calmer. Fewer choices, better defaults. #design",
    comments: [
      {
        by: "omar",
        text: "“Fewer choices, better defaults” should be on a poster.",
        replies: [{ by: "maya", text: "Printing it for the studio wall 😄" }],
      },
    ],
  },
  {
    by: "leo",
    hoursAgo: 226,
    location: "Seoul",
    text: "Hot take: SQLite is the right database for far more apps than we admit. One file, real transactions, and it's fast enough that the network becomes your bottleneck. #backend #sqlite",
    comments: [
      { by: "priya", text: "My whole climate pipeline agrees with you." },
      {
        by: "omar",
        text: "What about lots of writers at once?",
        replies: [{ by: "leo", text: "Batch them. Most apps write far less than they think." }],
      },
    ],
  },
  {
    by: "sofia",
    hoursAgo: 220,
    location: "Turin",
    text: "Easy 12 km along the Po this morning. Fog on the river, nobody around, and my legs finally feel like mine again. #running",
  },
  {
    by: "priya",
    hoursAgo: 214,
    location: "Bengaluru",
    text: "Monsoon onset dates for the last 30 years, cleaned and plotted. The spread is getting wider, not just later. Thread coming once I double-check the station gaps. #climate #dataviz",
    comments: [{ by: "omar", text: "Looking forward to the thread!" }],
  },
  {
    by: "omar",
    hoursAgo: 208,
    location: "Amman",
    text: "The new bus rapid transit line finally shows up in the open map data. A small edit for a map, a huge change for a commute. #maps #transit",
  },
  {
    by: "maya",
    hoursAgo: 200,
    text: "My coffee order as a design system: one token (flat white), three states (hot, iced, emergency double). #coffee #design",
    comments: [{ by: "leo", text: "Emergency double is a valid state." }],
  },
  {
    by: "leo",
    hoursAgo: 196,
    text: "Sourdough loaf #14. The crumb is finally open enough that @maya asked for the recipe. The recipe: patience, a cold fridge, and ignoring the timer. #bread",
    comments: [
      {
        by: "maya",
        text: "Still waiting for the actual recipe 👀",
        replies: [{ by: "leo", text: "78% hydration, 18 hours in the fridge. That's all I've got." }],
      },
    ],
  },
  {
    by: "sofia",
    hoursAgo: 190,
    location: "Gran Paradiso National Park",
    text: "Ridge run above the clouds: 21 km, 1,400 m up, and the light changed every ten minutes. Four frames, zero filters. #running #photography",
    pictures: ["ridge-dawn", "ridge-alpine", "ridge-golden", "sea-of-clouds"],
    reposts: [{ by: "maya", hoursLater: 5 }],
    comments: [
      { by: "omar", text: "The last one looks like a painting." },
      {
        by: "priya",
        text: "Okay, I need to start running. Or at least hiking.",
        replies: [{ by: "sofia", text: "Hiking counts! Come to Turin in October 🥾" }],
      },
    ],
  },
  {
    by: "murmur",
    hoursAgo: 184,
    text: "Tip: tap the bookmark icon on any post to save it for later. Your bookmarks are private: only you can see them. #murmur",
  },
  {
    by: "priya",
    hoursAgo: 178,
    text: "Good news thread: India added more solar capacity last quarter than ever before, and rooftops did a lot of the work. ☀️ #climate",
    comments: [{ by: "leo", text: "Rooftops! Love that it's people, not just utilities." }],
  },
  {
    by: "omar",
    hoursAgo: 170,
    location: "Amman",
    text: "Sketching the walk from downtown up to Jabal Al-Weibdeh as a map instead of a list of turns. Here the stairs are the real streets. #maps #cities",
    pictures: ["amman-dusk", "stairs-map"],
    comments: [
      {
        by: "maya",
        text: "Drawing the stairs as the main lines is such a good idea.",
        replies: [{ by: "omar", text: "Borrowed from every old hand-drawn map of the city, honestly." }],
      },
    ],
  },
  {
    by: "maya",
    hoursAgo: 164,
    text: "Moodboard for our new colour system: warm dusk, soft sea glass, one loud accent. Feedback welcome, especially from people who live in dark mode. #design",
    pictures: ["mood-dusk", "mood-sea-glass", "mood-accent"],
    reposts: [{ by: "omar", hoursLater: 3 }],
    comments: [
      { by: "leo", text: "Dark mode person here: the sea glass one reads best." },
      { by: "sofia", text: "The dusk palette is my ridge run at 7 pm 🧡" },
    ],
  },
  {
    by: "leo",
    hoursAgo: 158,
    text: "Deleted 2,000 lines of caching layer today and p95 went down. Sometimes the fastest code is the code that isn't there. #backend",
    comments: [{ by: "omar", text: "Framing this." }],
  },
  {
    by: "sofia",
    hoursAgo: 150,
    location: "Rifugio Vittorio Sella",
    text: "The coffee at the hut tasted like the best coffee of my life, which I'm told is the altitude talking. #coffee #running",
  },
  {
    by: "priya",
    hoursAgo: 144,
    location: "Bengaluru",
    text: "Made warming stripes for Bengaluru from station data, 1901 to today. Each stripe is one year: blue is cooler, red is warmer. No axis needed. #climate #dataviz",
    pictures: ["warming-stripes"],
    reposts: [
      { by: "leo", hoursLater: 6 },
      { by: "murmur", hoursLater: 20 },
    ],
    comments: [
      { by: "omar", text: "The right third of that image says everything." },
      {
        by: "maya",
        text: "Beautiful and terrifying. Can I use it in a talk?",
        replies: [{ by: "priya", text: "Of course! Just tag me 🙏" }],
      },
    ],
  },
  {
    by: "omar",
    hoursAgo: 138,
    text: "A city is walkable when the boring trips are easy: bread, pharmacy, school pickup. Not when the postcard trip is pretty. #cities #transit",
    comments: [{ by: "priya", text: "The boring trips are the climate trips, too." }],
  },
  {
    by: "murmur",
    hoursAgo: 132,
    text: "Tip: add a location to a post to show where you wrote it. Tap the pin in the composer. 📍 #murmur",
  },
  {
    by: "maya",
    hoursAgo: 126,
    location: "Lisbon",
    text: "Typography lesson I keep relearning: line height depends on line length. Longer lines need more air. #typography #design",
    comments: [
      {
        by: "priya",
        text: "Saving this. My chart captions are a crime.",
        replies: [{ by: "maya", text: "Send them over, I'll take a look 🙂" }],
      },
    ],
  },
  {
    by: "leo",
    hoursAgo: 120,
    location: "Seoul",
    text: "Sunday latte from the café under my flat. The barista has been practising hearts for a month and I think we're there. #coffee",
    pictures: ["sunday-latte"],
    comments: [{ by: "maya", text: "Certified heart. 10/10, would tap like." }],
  },
  {
    by: "sofia",
    hoursAgo: 112,
    text: "Rest day, so I'm editing photos and drinking too much espresso. @omar you were right about adding a map of the route, it's going in every recap now. #photography #maps",
    comments: [{ by: "omar", text: "Told you! Route plus photo is the best kind of story." }],
  },
  {
    by: "priya",
    hoursAgo: 106,
    text: "Reminder that a 1.5 °C world and a 2 °C world are very different places. Every tenth of a degree is crops, coral and heat days. #climate",
  },
  {
    by: "omar",
    hoursAgo: 100,
    location: "Seoul",
    text: "Visiting @leo in Seoul and riding the city bikes everywhere. Protected lanes, wide, and connected at both ends, which is the part everyone forgets. #cities #transit",
    comments: [{ by: "leo", text: "You biked more of Seoul in two days than I have in a year." }],
  },
  {
    by: "maya",
    hoursAgo: 94,
    text: "Design critique tip: describe what you see before you say what you think. “The button is below the fold” lands better than “this is bad”. #design",
    comments: [{ by: "sofia", text: "Using this at my photo club tomorrow." }],
  },
  {
    by: "leo",
    hoursAgo: 88,
    text: "Migrations should be boring. If a migration is exciting, it should have been two migrations. #backend #sqlite",
    comments: [{ by: "priya", text: "Writing this on a sticky note." }],
  },
  {
    by: "sofia",
    hoursAgo: 80,
    location: "Turin",
    text: "Track Tuesday: 6 × 800 m with @maya cheering from the bleachers, coffee in hand. Best crowd I've ever had. #running #coffee",
    comments: [{ by: "maya", text: "I was also excellent at holding the water bottles 💪" }],
  },
  {
    by: "murmur",
    hoursAgo: 74,
    text: "We read every piece of feedback. Top requests so far: scheduled dark mode, better hashtag search, and a calmer notifications tab. Keep them coming! #murmur",
    comments: [{ by: "priya", text: "Hashtag search, please! I basically live in the climate tag 😅" }],
  },
  {
    by: "priya",
    hoursAgo: 68,
    text: "Night-time heat maps of Bengaluru: neighbourhoods with old trees are 3 to 4 °C cooler. Plant trees, then wait 30 years. Or plant them now and thank yourself later. #climate #maps",
    comments: [
      { by: "omar", text: "The best argument for street trees I've seen." },
      { by: "sofia", text: "Turin's avenues agree 🌳" },
    ],
  },
  {
    by: "omar",
    hoursAgo: 62,
    location: "Amman",
    text: "Draft of a friendlier bus map: lines drawn by frequency, not by route number. If it comes every 10 minutes, it gets a thick line. #maps #transit",
    pictures: ["bus-map"],
    reposts: [{ by: "priya", hoursLater: 4 }],
    comments: [
      {
        by: "maya",
        text: "Thick lines = trust. Love it.",
        replies: [{ by: "omar", text: "That's exactly the idea!" }],
      },
      { by: "leo", text: "Can I get one of these for Seoul?" },
    ],
  },
  {
    by: "maya",
    hoursAgo: 56,
    text: "Spent an hour choosing between two greys that, I am told, are the same grey. They are not the same grey. #design",
    comments: [
      {
        by: "leo",
        text: "They are the same grey.",
        replies: [{ by: "maya", text: "Leo. No." }],
      },
      { by: "omar", text: "Different greys. I can feel it." },
    ],
  },
  {
    by: "leo",
    hoursAgo: 50,
    text: "Small win: our test suite went from 9 minutes to 2 by running against a real SQLite file instead of mocks. Faster AND more honest. #backend #sqlite",
    comments: [{ by: "maya", text: "Honest tests are my favourite kind." }],
  },
  {
    by: "sofia",
    hoursAgo: 44,
    location: "Turin",
    text: "Six seconds of sunset from the ridge after yesterday's long run. The hills just kept turning purple. 🌄 #running #photography",
    video: true,
    comments: [
      { by: "priya", text: "Watching this on a loop at my desk." },
      { by: "maya", text: "The colours!! Palette stolen." },
    ],
  },
  {
    by: "priya",
    hoursAgo: 38,
    text: "New dataset: daily rainfall for 400 Indian weather stations, cleaned and open. And yes, there's a CSV. #climate #dataviz",
    comments: [{ by: "leo", text: "A CSV! You spoil us." }],
  },
  {
    by: "murmur",
    hoursAgo: 32,
    text: "Say hello to our new look: softer colours, bigger type and a calmer feed. Designed with a lot of help from @maya. 💜 #murmur #design",
    pictures: ["new-look"],
    reposts: [{ by: "maya", hoursLater: 1 }],
    comments: [
      { by: "maya", text: "It was a joy to work on!" },
      { by: "sofia", text: "Looks great on my phone." },
    ],
  },
  {
    by: "omar",
    hoursAgo: 26,
    text: "Amman rule of thumb: the distance on the map is a lie, count the stairs instead. #cities #maps",
    comments: [{ by: "sofia", text: "Trail runners' rule too 😄" }],
  },
  {
    by: "maya",
    hoursAgo: 20,
    location: "Lisbon",
    text: "Friday coffee with the team and a whiteboard full of arrows. The best design sessions start with the wrong idea on purpose. #coffee #design",
  },
  {
    by: "leo",
    hoursAgo: 14,
    text: "Loaded @priya's rainfall CSV into SQLite in 4 seconds. Already found three stations that report rain on days that were sunny everywhere else. 🕵️ #sqlite #climate",
    comments: [
      {
        by: "priya",
        text: "Please send me those station ids!!",
        replies: [{ by: "leo", text: "Sent you a message 📬" }],
      },
    ],
  },
  {
    by: "sofia",
    hoursAgo: 9,
    location: "Turin",
    text: "Morning loop with a new trail at the end. Got lost for 2 km and regret nothing. #running",
  },
  {
    by: "priya",
    hoursAgo: 5,
    text: "Quick update: the monsoon thread from last week is now a proper write-up, with maps @omar helped me clean up. Thank you! #climate #maps",
    comments: [{ by: "omar", text: "Anytime. Those maps were fun." }],
  },
  {
    by: "omar",
    hoursAgo: 2,
    text: "Question for everyone: which bus or train line in your city would you never give up? Mine is the number 17 in Amman: 40 minutes of the best people watching. #transit #cities",
    comments: [
      { by: "maya", text: "Lisbon's tram 28, even with the crowds." },
      { by: "leo", text: "Seoul's line 2. It goes in a circle, and so do I." },
    ],
  },
];

/**
 * The demo communities (issue 13): who made them, who moderates, what was posted in them and the
 * invite link each has. Posts follow SeedPost (no reposts: community posts are not reposted), by
 * members only; the community is created `createdDaysAgo` days ago and the members join within its
 * first two days, before any post.
 */
export type SeedCommunity = {
  name: string;
  description: string;
  isPrivate?: boolean;
  /** A painted picture (seed-assets/pictures.ts) as the community's image; none shows the default image. */
  picture?: PictureName;
  createdDaysAgo: number;
  creator: Username;
  admins: Username[];
  moderators: Username[];
  members: Username[];
  invite: { by: Username; daysAgo: number; expiresInDays?: number; maxUses?: number; uses?: number };
  posts: SeedPost[];
};

export const SEED_COMMUNITIES: SeedCommunity[] = [
  {
    name: "Trail Runners",
    description: "Routes, splits and muddy shoes. Weekly group runs in Turin, and everyone who runs anywhere else is welcome too.",
    picture: "ridge-alpine",
    createdDaysAgo: 11,
    creator: "sofia",
    admins: ["maya"],
    moderators: ["omar"],
    members: ["priya", "leo"],
    invite: { by: "sofia", daysAgo: 2, expiresInDays: 14 },
    posts: [
      {
        by: "sofia",
        hoursAgo: 200,
        text: "Welcome to Trail Runners! 🏃‍♀️ Share your routes, your splits and your muddiest shoes. First group run: Saturday, 8 am, by the river. #running",
        comments: [{ by: "maya", text: "I'll be there (walking the last bit, probably)." }],
      },
      {
        by: "priya",
        hoursAgo: 150,
        text: "Beginner question: how do you pace a climb without blowing up halfway? My watch says I start every hill like it's a sprint. #running",
        comments: [
          {
            by: "sofia",
            text: "Walk early and walk often. If you can't talk, slow down.",
            replies: [{ by: "priya", text: "Talking while climbing, noted 😅" }],
          },
        ],
      },
      {
        by: "omar",
        hoursAgo: 96,
        text: "Mapped the three loops we ran on Saturday, water fountains included. @sofia which one should be the default for new runners? #maps #running",
        comments: [{ by: "sofia", text: "The river loop: flat, shady, two fountains." }],
      },
      { by: "maya", hoursAgo: 30, text: "Ran my first 10 km without stopping today. Slow, happy, and very ready for coffee. ☕️ #running" },
      { by: "leo", hoursAgo: 8, text: "Advice on trail shoes for wet rock? Asking for a very slippery weekend. #running" },
    ],
  },
  {
    name: "Design Systems Guild",
    description: "Tokens, components, naming debates and the occasional font crush. For designers and the engineers who build what they draw.",
    picture: "mood-accent",
    createdDaysAgo: 10,
    creator: "maya",
    admins: ["omar"],
    moderators: ["leo"],
    members: ["sofia", "murmur"],
    invite: { by: "maya", daysAgo: 5, maxUses: 10, uses: 3 },
    posts: [
      {
        by: "maya",
        hoursAgo: 180,
        text: "Welcome to the guild! Introduce yourself and the system you work on. I'll start: a product designer who thinks every spacing scale has two steps too many. #design",
        comments: [{ by: "omar", text: "Omar, maps and wayfinding. My design system is mostly arrows." }],
      },
      {
        by: "leo",
        hoursAgo: 140,
        text: "Backend person lurking here: what is the one thing you wish engineers did when they build your components? #design",
        comments: [{ by: "maya", text: "Ask before adding a prop. Every prop is a promise." }],
      },
      {
        by: "omar",
        hoursAgo: 70,
        text: "Naming poll: do you call it 'surface', 'background' or 'canvas'? We have all three in one codebase and it shows. #design",
        comments: [{ by: "sofia", text: "Surface! Background is for photos." }],
      },
      { by: "maya", hoursAgo: 20, text: "We shipped the dark mode tokens this week: 24 colours became 11. Fewer choices, better defaults, again. #design #typography" },
    ],
  },
  {
    name: "Walkable Cities",
    description: "The street that changed your mind, the crossing that scares you, the bench that saved your day. Urbanism for people on foot.",
    createdDaysAgo: 10,
    creator: "omar",
    admins: ["priya"],
    moderators: ["maya"],
    members: ["leo", "sofia"],
    invite: { by: "priya", daysAgo: 3 },
    posts: [
      { by: "omar", hoursAgo: 170, text: "Walkable Cities is open! Post the street that changed your mind and the crossing you avoid. Photos and maps very welcome. #cities" },
      {
        by: "priya",
        hoursAgo: 120,
        text: "Shade is infrastructure: a street with trees can be several degrees cooler to walk in the afternoon. #cities #climate",
        comments: [{ by: "omar", text: "Adding tree cover to the walkability map now." }],
      },
      { by: "leo", hoursAgo: 60, text: "The best change near my flat in Seoul: ten more seconds of green at the crossings by the school. Small, cheap, huge. #cities #transit" },
      {
        by: "sofia",
        hoursAgo: 12,
        text: "Turin is flat, has arcades for the rain and trams everywhere. I'm biased, but it's a walker's city. #cities",
        comments: [{ by: "omar", text: "Arcades are the most underrated rain infrastructure." }],
      },
    ],
  },
  {
    name: "Climate Data Circle",
    description: "A private circle for messy climate data before it is ready for everyone: station gaps, odd sensors, half-finished charts. Be kind, be sceptical.",
    isPrivate: true,
    createdDaysAgo: 9,
    creator: "priya",
    admins: ["leo"],
    moderators: ["omar"],
    members: [],
    invite: { by: "priya", daysAgo: 1, expiresInDays: 7, maxUses: 5 },
    posts: [
      { by: "priya", hoursAgo: 150, text: "Welcome, and thank you for joining. Rule one: every chart posted here says where its data came from. #climate #dataviz" },
      {
        by: "leo",
        hoursAgo: 110,
        text: "Loaded 30 years of monsoon station data into SQLite: 1.2 million rows, every query under 50 ms. Happy to share the schema. #sqlite #climate",
        comments: [{ by: "priya", text: "Yes please! And the gap-filling query too." }],
      },
      {
        by: "omar",
        hoursAgo: 48,
        text: "Draft map of heat days per district. The colour scale still lies a little at the top end. Thoughts before I publish, @priya? #dataviz",
        comments: [{ by: "priya", text: "Cap the scale at the 95th percentile, then label the outliers." }],
      },
    ],
  },
];

/** A direct conversation between two demo members: its messages in order, each minutes after the last. */
export type SeedDirectConversation = {
  between: [Username, Username];
  /** When its first message was sent. */
  startedHoursAgo: number;
  messages: { by: Username; text: string; minutesLater: number }[];
};

/**
 * Direct messages (decision 036): a few conversations of the demo members, so /messages is not empty.
 * The newest message of each, when it is the other's, is still unread (the Messages badge shows them).
 */
export const SEED_DIRECT_MESSAGES: SeedDirectConversation[] = [
  {
    between: ["maya", "leo"],
    startedHoursAgo: 26,
    messages: [
      { by: "leo", text: "Hey Maya! Loved the new onboarding flow. Got a minute to talk about the empty states?", minutesLater: 0 },
      { by: "maya", text: "Always 😊 Which ones bug you?", minutesLater: 12 },
      { by: "leo", text: "The search page mostly. It says nothing when there are no results.", minutesLater: 15 },
      { by: "maya", text: "Fair. I'll sketch something tomorrow and send it over.", minutesLater: 40 },
      { by: "leo", text: "Perfect, thanks! Coffee on me.", minutesLater: 42 },
    ],
  },
  {
    between: ["sofia", "maya"],
    startedHoursAgo: 5,
    messages: [
      { by: "sofia", text: "Are you joining the Sunday group run? We're doing the ridge loop.", minutesLater: 0 },
      { by: "maya", text: "How long is it?", minutesLater: 8 },
      { by: "sofia", text: "About 14 km, mostly gentle. Bring a wind jacket, it gets cold at the top.", minutesLater: 10 },
    ],
  },
  {
    between: ["omar", "priya"],
    startedHoursAgo: 50,
    messages: [
      { by: "omar", text: "Priya, do you have the heat map data for the tram corridor piece?", minutesLater: 0 },
      { by: "priya", text: "Yes! Sending a cleaned CSV tonight. The 2023 summer is wild.", minutesLater: 30 },
      { by: "omar", text: "You're the best.", minutesLater: 31 },
    ],
  },
];

/**
 * Creators who offer subscriptions (their monthly price in cents) and who subscribes to them, with how
 * many days of the current period are left (docs/decisions/037).
 */
export const SEED_SUBSCRIPTIONS: { creator: Username; priceCents: number; subscribers: { by: Username; plan: "monthly" | "yearly"; daysLeft: number }[] }[] = [
  {
    creator: "maya",
    priceCents: 499,
    subscribers: [
      { by: "leo", plan: "monthly", daysLeft: 18 },
      { by: "sofia", plan: "yearly", daysLeft: 240 },
    ],
  },
];
