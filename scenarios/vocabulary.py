"""The words the synthetic suite is made of: name pools, hand-written descriptions with their paraphrases,
the phrasings of facts, updates and questions, and the filler that buries them.

Everything here is data; scenarios/generator.py decides which piece goes where.
Templates use {s} (subject), {s_poss} (its possessive), {o} (object), {o_a} (object with "a"/"an") and, for
updates, {old} (the value being replaced).
"""

from __future__ import annotations

# --- Described entities -------------------------------------------------------------------------------
# (name, description as stated in a relative clause, paraphrase mention, topics separated by "/")
# The paraphrase shares no content word (after light stemming) with the name or the description. Entities that
# share a topic never meet in one conversation, so a paraphrase fits one of them only; the topics were set by
# measuring all-MiniLM-L6-v2 similarities (tests/scenarios/test_generator.py keeps them honest).

COMPONENTS: list[tuple[str, str, str, str]] = [
    ("ReportingAPI", "serves usage reports", "the analytics endpoint", "analytics/observability"),
    ("BillingGateway", "charges customer cards", "the payments front door", "money"),
    ("SearchIndexer", "builds the product catalogue index", "the item lookup crawler", "search"),
    ("MetricsCollector", "measures CPU and memory on every host", "the machine resource monitor", "observability/traffic"),
    ("SessionCache", "remembers who is signed in", "the logged-in user memory", "identity"),
    ("NotificationHub", "sends push alerts to phones", "the handset messaging broadcaster", "messaging"),
    ("FeatureStore", "serves inputs to machine learning models", "the AI dataset repository", "ml"),
    ("ImageResizer", "shrinks uploaded photos", "the picture downscaler", "media"),
    ("RateLimiter", "throttles noisy clients", "the traffic cap enforcer", "traffic"),
    ("EmailSender", "delivers outgoing mail", "the outbound SMTP service", "messaging"),
    ("PdfRenderer", "turns invoices into documents", "the printable bill generator", "media/money"),
    ("GeoLocator", "maps IP addresses to cities", "the network location-to-town resolver", "traffic"),
    ("ChatRelay", "forwards support conversations", "the helpdesk messaging pipe", "support/messaging"),
    ("AuditLog", "tracks admin actions", "the superuser activity history", "security/identity/records"),
    ("SchedulerCron", "kicks off nightly jobs", "the overnight batch trigger", "jobs"),
    ("TranslationService", "localises the app text", "the multilingual string engine", "content"),
    ("FraudScorer", "flags suspicious orders", "the scam detection model", "risk"),
    ("InventorySync", "tracks warehouse stock levels", "the goods availability counter", "commerce"),
    ("PricingEngine", "computes discounts", "the deal calculator", "commerce"),
    ("UserDirectory", "stores employee profiles", "the personnel registry", "identity"),
    ("VideoTranscoder", "converts uploaded clips", "the media encoding farm", "media"),
    ("CdnPurger", "clears cached assets at the edge", "the stale content flusher", "traffic"),
    ("WebhookDispatcher", "calls partner URLs on events", "the third-party HTTP notifier", "integrations/messaging"),
    ("RecommendationAPI", "suggests related products", "the personalised shopping picks", "ml"),
    ("ShippingQuoter", "estimates delivery costs", "the parcel rate calculator", "commerce"),
    ("TokenVault", "holds encrypted secrets", "the password and key safe", "identity/security"),
    ("BackupAgent", "snapshots the databases", "the storage restore-point maker", "storage"),
    ("CheckoutService", "runs the shopping cart", "the basket payment backend", "money/commerce"),
    ("SpamFilter", "screens comments for junk", "the abuse moderation bot", "risk"),
    ("SmsGateway", "texts one-time passcodes", "the mobile verification messenger", "messaging/identity"),
    ("DocSigner", "collects e-signatures on contracts", "the digital autograph service for agreements", "legal/records"),
    ("UsageMeter", "counts API calls per customer", "the per-client request tally", "analytics/observability"),
]

ACCOUNTS: list[tuple[str, str, str, str]] = [
    ("Kestrel Foods", "runs a chain of bakeries", "the bread and pastry customer", "food"),
    ("Halcyon Labs", "makes diagnostic test kits", "the medical screening supplies client", "health"),
    ("Bluefin Logistics", "ships freight across the Pacific", "the container cargo firm", "transport/sea"),
    ("Orchard Health", "operates rural clinics", "the countryside medical group", "health/farm"),
    ("Northgate Bank", "lends to small farms", "the agricultural credit customer", "finance/farm"),
    ("Sable Mining", "digs copper in Chile", "the metal ore extractor", "industry"),
    ("Verdant Energy", "builds wind farms", "the renewable power client", "industry"),
    ("Pinecrest Hotels", "runs ski resorts", "the alpine lodging customer", "travel"),
    ("Lumen Studios", "produces animated films", "the cartoon movie client", "media"),
    ("Harbor Insurance", "covers fishing boats", "the marine policy customer", "finance/sea"),
    ("Quartz Retail", "sells home furniture", "the sofa and bed store", "retail"),
    ("Cobalt Airlines", "flies regional routes", "the short-hop aviation client", "transport"),
    ("Meridian Schools", "runs charter academies", "the education network", "education"),
    ("Juniper Pharma", "develops allergy drugs", "the hay fever treatment customer", "health"),
    ("Falcon Motors", "assembles electric scooters", "the e-bike manufacturer", "industry/transport"),
    ("Granite Builders", "constructs office towers", "the skyscraper contractor", "industry"),
    ("Tidewater Farms", "grows organic berries", "the strawberry and blueberry producer", "food/farm"),
    ("Copperleaf Media", "publishes local newspapers", "the regional press group", "media"),
    ("Silverline Telecom", "runs mobile networks", "the cellphone operator", "tech"),
    ("Redwood Games", "makes puzzle apps", "the brain-teaser developer", "tech/media"),
    ("Aurora Travel", "books cruise holidays", "the sea-voyage vacation seller", "travel/sea"),
    ("Nimbus Software", "sells payroll tools", "the salary app vendor", "tech"),
    ("Evergreen Realty", "manages rental flats", "the apartment landlord customer", "property"),
    ("Ironclad Security", "guards warehouses at night", "the overnight patrol firm", "property"),
    ("Saffron Kitchens", "delivers meal kits", "the home cooking subscription", "food"),
    ("Vantage Sports", "sells running shoes", "the sneaker retailer", "retail"),
    ("Marigold Florists", "arranges wedding bouquets", "the flower shop customer", "retail"),
    ("Summit Outdoors", "rents camping gear", "the hiking equipment client", "travel/retail"),
]

PROJECTS: list[tuple[str, str, str, str]] = [
    ("Atlas", "rebuilds the signup flow", "the registration process rework", "onboarding"),
    ("Beacon", "adds dark mode to the app", "the night-time colour scheme", "design"),
    ("Lighthouse", "puts the docs site on a new host", "the documentation website relocation", "docs"),
    ("Mosaic", "redesigns the pricing page", "the cost screen makeover", "design"),
    ("Kite", "builds an offline mode for mobile", "the no-connection phone feature", "product"),
    ("Compass", "cleans up old feature flags", "the stale toggle removal", "engineering/flags"),
    ("Quill", "rewrites the help centre articles", "the support docs overhaul", "docs"),
    ("Prism", "tests a new checkout design", "the purchase page experiment", "growth"),
    ("Relay", "automates weekly reports", "the robot that writes the Monday summary", "ops"),
    ("Jubilee", "plans the customer conference", "the annual user event", "marketing/growth"),
    ("Ember", "cuts cloud hosting costs", "the server spending reduction", "ops"),
    ("Tundra", "archives old customer data", "the cold storage cleanup", "engineering/data"),
    ("Meadow", "rewards customers who invite their friends", "the referral incentive", "growth/onboarding"),
    ("Pulse", "adds live chat to the website", "the realtime support widget", "product/support"),
    ("Anchor", "hardens the login page", "the sign-in security push", "onboarding/security"),
    ("Ripple", "sends win-back emails to lapsed users", "the re-engagement mailing for dormant accounts", "growth/onboarding"),
    ("Cedar", "consolidates the analytics warehouse", "the merging of our data stacks", "engineering/data"),
    ("Keystone", "prepares for the security audit", "the compliance certification groundwork", "security"),
    ("Vista", "refreshes the brand logo", "the emblem redesign", "design"),
    ("Tempo", "speeds up page load times", "the website performance sprint", "engineering"),
    ("Willow", "rebuilds the mobile settings screen", "the phone preferences redesign", "design"),
    ("Trellis", "reorganises the internal wiki", "the company knowledge base cleanup", "docs"),
    ("Spark", "runs the summer hackathon", "the seasonal coding marathon", "marketing"),
    ("Fable", "produces customer story videos", "the client testimonial films", "marketing"),
    ("Horizon", "drafts next year's roadmap", "the long-term strategy doc", "ops"),
]

# --- Plain name pools ---------------------------------------------------------------------------------

PEOPLE: list[str] = [
    "Amara", "Bruno", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hiro", "Ingrid", "Jonas", "Keiko", "Luca",
    "Maya", "Nikhil", "Olga", "Pablo", "Quinn", "Rosa", "Soren", "Tamar", "Uma", "Viktor", "Wen", "Ximena",
    "Yusuf", "Zara", "Anika", "Bilal", "Camille", "Diego", "Esther", "Felix", "Gita", "Hamza", "Isla", "Jamal",
    "Kasia", "Leon", "Mira", "Noor", "Oscar", "Priya", "Rafael", "Sana", "Tobias", "Vera", "Aiko", "Bjorn",
    "Dana", "Emeka", "Fatima", "Goran", "Helena", "Ivan", "Julia", "Kofi", "Lars", "Marta", "Nadia", "Omar",
    "Petra", "Ravi", "Selin", "Theo", "Ulla", "Wanda", "Yara", "Zoltan",
]

INFRA_TEAMS: list[str] = [
    "Platform", "Reliability", "Storage", "Identity", "Observability", "Networking", "Data Engineering",
    "Core Services", "Developer Experience", "Edge", "Runtime", "Databases", "Compute", "Release Engineering",
    "Foundations", "Production Engineering",
]

ADHOC_TEAMS: list[str] = [
    "Design", "Research", "Marketing", "Brand", "Operations", "Finance", "Legal", "People Ops", "Content",
    "Lifecycle", "Partnerships", "Product Ops", "Web", "Community",
]

# An office and the regions it plausibly belongs to.
OFFICES: list[tuple[str, list[str]]] = [
    ("Berlin", ["EMEA", "DACH", "Central Europe"]),
    ("Lisbon", ["EMEA", "Iberia", "Southern Europe"]),
    ("Toronto", ["North America", "Canada"]),
    ("Austin", ["North America", "US Central"]),
    ("Singapore", ["APAC", "Southeast Asia"]),
    ("Dublin", ["EMEA", "UK and Ireland"]),
    ("Warsaw", ["EMEA", "Central Europe"]),
    ("Nairobi", ["EMEA", "Africa"]),
    ("Melbourne", ["APAC", "ANZ"]),
    ("Seoul", ["APAC", "North Asia"]),
    ("Madrid", ["EMEA", "Iberia", "Southern Europe"]),
    ("Oslo", ["EMEA", "Nordics"]),
    ("Denver", ["North America", "US West"]),
    ("Boston", ["North America", "US East"]),
    ("Cape Town", ["EMEA", "Africa"]),
    ("Mumbai", ["APAC", "South Asia"]),
    ("Tokyo", ["APAC", "North Asia"]),
    ("Chicago", ["North America", "US Central"]),
    ("Montreal", ["North America", "Canada"]),
    ("Zurich", ["EMEA", "DACH"]),
    ("Stockholm", ["EMEA", "Nordics"]),
    ("Bogota", ["LATAM", "South America"]),
    ("Mexico City", ["LATAM", "North America"]),
    ("Amsterdam", ["EMEA", "Benelux"]),
    ("Prague", ["EMEA", "Central Europe"]),
    ("Atlanta", ["North America", "US East"]),
    ("Buenos Aires", ["LATAM", "South America"]),
    ("Manila", ["APAC", "Southeast Asia"]),
]
BUSINESS_REGIONS: list[str] = sorted({r for _, regions in OFFICES for r in regions})

CLOUD_REGIONS: list[str] = [
    "us-east-1", "us-east-2", "us-west-2", "eu-west-1", "eu-west-2", "eu-central-1", "eu-north-1",
    "ap-southeast-1", "ap-northeast-1", "ap-south-1", "ca-central-1", "sa-east-1",
]

TOOLS: list[str] = [
    "Jira", "Linear", "Figma", "Notion", "Airtable", "Miro", "Asana", "Trello", "Confluence", "Looker",
    "Metabase", "Retool", "Zapier", "Postman", "Sentry", "Grafana", "Amplitude", "Mixpanel", "Webflow", "Loom",
    "Zendesk", "Intercom", "Tableau", "Segment", "LaunchDarkly", "Smartsheet",
]

PRIORITIES: list[str] = ["low", "medium", "high", "critical"]
PLANS: list[str] = ["Starter", "Basic", "Pro", "Business", "Enterprise", "Premium", "Platinum"]
MONTHS: list[str] = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
]
STATUSES: list[str] = ["on track", "at risk", "blocked", "on hold", "in review"]

# Topics a team or tool must not share with a described entity of the same conversation: its name alone
# would sit too close to that entity's paraphrase ("the Storage team" beside "the storage restore-point maker").
TEAM_TOPICS: dict[str, str] = {
    "Storage": "storage", "Identity": "identity/security", "Observability": "observability",
    "Networking": "traffic", "Data Engineering": "analytics/ml/storage", "Databases": "storage/money/analytics",
    "Runtime": "jobs", "Compute": "jobs", "Edge": "traffic", "Reliability": "observability/traffic",
    "Design": "design/product", "Marketing": "marketing/growth", "Brand": "design", "Operations": "ops",
    "Finance": "ops", "Legal": "security", "Content": "docs", "Lifecycle": "growth/onboarding",
    "Partnerships": "engineering/growth", "Product Ops": "product", "Web": "engineering/design",
    "Community": "marketing/growth", "People Ops": "onboarding",
}
TOOL_TOPICS: dict[str, str] = {
    "Confluence": "docs", "Notion": "docs", "Metabase": "data/ops", "Looker": "data/ops", "Tableau": "data/ops",
    "Amplitude": "growth/data", "Mixpanel": "growth/data", "Segment": "growth/data", "Zendesk": "support/docs",
    "Intercom": "support/product", "Figma": "design", "Miro": "design", "LaunchDarkly": "flags",
    "Webflow": "design/engineering", "Postman": "engineering", "Sentry": "engineering",
    "Grafana": "engineering/ops", "Zapier": "ops", "Smartsheet": "ops", "Retool": "engineering",
}

AGENTS: list[str] = ["agent_a", "agent_b", "agent_c"]

# --- Fact phrasings -----------------------------------------------------------------------------------
# Subject-first phrasings (starting with "{s} ") can carry a relative clause on the subject.
# None of them contains an update signal ("now", "moved", "changed", "switched", "no longer", ...).

FACT_PHRASINGS: dict[str, list[str]] = {
    "owned_by": [
        "{s} is owned by {o}.",
        "{o} owns {s}.",
        "{s} belongs to {o}.",
        "{o} is the owner of {s}.",
        "{s_poss} owner is {o}.",
        "{s} is maintained by {o}, who owns it.",
    ],
    "depends_on": [
        "{s} depends on {o}.",
        "{s} relies on {o}.",
        "{s} has a hard dependency on {o}.",
        "{s} can't start without {o}.",
        "{s} sits on top of {o}.",
    ],
    "priority": [
        "{s} is set to {o} priority.",
        "{s} is {o} priority.",
        "We marked {s} as {o} priority.",
        "{s} has {o} priority.",
        "Priority for {s} is {o}.",
    ],
    "deployed_in": [
        "{s} is deployed in {o}.",
        "{s} runs in {o}.",
        "We host {s} in {o}.",
        "{s} lives in {o}.",
        "{s} is deployed to {o}.",
    ],
    "member_of": [
        "{s} is on {o}.",
        "{s} is part of {o}.",
        "{s} is a member of {o}.",
        "{s} sits on {o}.",
        "{s} reports into {o}.",
    ],
    "handled_by": [
        "{s} is handled by {o}.",
        "{o} handles {s}.",
        "{o} looks after {s}.",
        "{o} is the account manager for {s}.",
        "{s_poss} account manager is {o}.",
        "{s} is managed by {o} on our side.",
    ],
    "works_in": [
        "{s} works out of {o}.",
        "{s} is based in {o}.",
        "{s} sits in {o}.",
        "{s} works in {o}.",
        "{s_poss} desk is in {o}.",
    ],
    "located_in": [
        "{s} is in {o}.",
        "{s} falls under {o}.",
        "{s} is part of the {o} region.",
        "{s} belongs to the {o} region.",
    ],
    # An account's own region: said the way people say it about customers.
    "located_in_account": [
        "{s} is based in {o}.",
        "{s} is headquartered in {o}.",
        "{s} is {o_a} customer.",
        "{s} operates out of {o}.",
    ],
    "plan": [
        "{s} is on the {o} plan.",
        "{s} pays for the {o} plan.",
        "{s} has the {o} plan.",
        "{s_poss} subscription is the {o} plan.",
    ],
    "renews_in": [
        "{s} renews in {o}.",
        "{s_poss} contract renews in {o}.",
        "{s} is up for renewal in {o}.",
        "The renewal for {s} is in {o}.",
    ],
    "led_by": [
        "{s} is led by {o}.",
        "{o} leads {s}.",
        "{o} is the lead on {s}.",
        "{o} is running {s}.",
        "{s_poss} lead is {o}.",
    ],
    "uses": [
        "{s} uses {o}.",
        "{s} is organised in {o}.",
        "For {s} we use {o}.",
        "{s} is built in {o}.",
        "The {s} work happens in {o}.",
    ],
    "deadline": [
        "{s} is due {o}.",
        "The deadline for {s} is {o}.",
        "{s} has to ship by {o}.",
        "{s} needs to land by {o}.",
        "{s_poss} due date is {o}.",
    ],
    "status": [
        "{s} is {o}.",
        "{s_poss} status is {o}.",
        "{s} is currently {o}.",
        "Status check: {s} is {o}.",
    ],
}

# How a relative clause (or an appositive that carries one) attaches to the subject. {d} is the description.
DESCRIPTION_FORMS: list[str] = [
    "{s}, which {d},",
    "{s}, which {d},",  # the plain relative clause is the most common way people say it
    "{s}, the one that {d},",
    "{s} (which {d})",
]

# Updates of a single-valued fact: each carries an explicit change signal.
UPDATE_PHRASINGS: dict[str, list[str]] = {
    "priority": [
        "Update: {s} is now {o} priority.",
        "{s} got bumped to {o} priority.",
        "{s} changed to {o} priority.",
        "{s} moved to {o} priority after the review.",
        "{s} is no longer {old} priority; it's {o} now.",
    ],
    "deployed_in": [
        "{s} moved to {o}.",
        "{s} now runs in {o}.",
        "We migrated {s} to {o}.",
        "{s} is no longer in {old}; it's in {o} now.",
    ],
    "plan": [
        "{s} moved to the {o} plan.",
        "{s} is now on the {o} plan.",
        "{s} switched to the {o} plan.",
        "{s} changed to the {o} plan.",
    ],
    "renews_in": [
        "{s_poss} renewal moved to {o}.",
        "{s} now renews in {o}.",
        "{s_poss} renewal date changed to {o}.",
        "{s} is no longer renewing in {old}; it renews in {o} now.",
    ],
    "status": [
        "{s} is now {o}.",
        "{s_poss} status changed to {o}.",
        "Update: {s} switched to {o}.",
        "{s} is no longer {old}; it's {o} now.",
    ],
    "deadline": [
        "{s_poss} deadline moved to {o}.",
        "{s} is now due {o}.",
        "{s_poss} deadline changed to {o}.",
        "{s} slipped; it's due {o} now.",
    ],
}

LEAD_INS: list[str] = ["", "", "", "FYI, ", "Heads up: ", "Quick note: ", "For the record, "]

# --- Question phrasings -------------------------------------------------------------------------------
# Single-hop questions. {s} is a noun phrase (a name, or a paraphrase like "the analytics endpoint").

QUESTION_PHRASINGS: dict[str, list[str]] = {
    "owned_by": ["Who owns {s}?", "Who is the owner of {s}?", "Which person owns {s}?", "Whose is {s}?"],
    "depends_on": [
        "What does {s} depend on?",
        "Which component does {s} rely on?",
        "What does {s} need in order to start?",
        "Which service is {s} built on?",
    ],
    "deployed_in": [
        "Which region is {s} deployed in?",
        "Where does {s} run?",
        "In which region does {s} live?",
    ],
    "member_of": ["Which team is {s} on?", "What team does {s} belong to?", "Which team is {s} part of?"],
    "handled_by": [
        "Who handles {s}?",
        "Who is the account manager for {s}?",
        "Who looks after {s}?",
        "Which person manages {s}?",
    ],
    "works_in": [
        "Which office does {s} work in?",
        "Which office is {s} based in?",
        "Where does {s} work?",
    ],
    "located_in": ["Which region is {s} in?", "What region does {s} fall under?", "In which region is {s}?"],
    "located_in_account": [
        "Where is {s} based?",
        "Which region is {s} headquartered in?",
        "In which region does {s} operate?",
    ],
    "plan": ["Which plan is {s} on?", "What plan does {s} have?", "What plan is {s} paying for?"],
    "renews_in": ["When does {s} renew?", "Which month does {s} renew in?", "In what month is {s} up for renewal?"],
    "led_by": ["Who leads {s}?", "Who is the lead on {s}?", "Who is running {s}?"],
    "uses": ["Which tool does {s} use?", "What tool is used for {s}?", "Which tool do we use for {s}?"],
    "deadline": ["When is {s} due?", "What is the deadline for {s}?", "By when does {s} have to ship?"],
    "status": ["What is the status of {s}?", "What state is {s} in?", "How is {s} doing, status-wise?"],
    "priority": ["What priority is {s}?", "How is {s} prioritised?", "What is the priority of {s}?"],
}

UPDATE_QUESTION_PHRASINGS: dict[str, list[str]] = {
    "priority": [
        "What priority is {s} now?",
        "What is the current priority of {s}?",
        "What's {s_poss} priority these days?",
    ],
    "deployed_in": [
        "Which region is {s} deployed in now?",
        "Where does {s} run these days?",
        "What is the current region of {s}?",
    ],
    "plan": ["Which plan is {s} on now?", "What plan does {s} have these days?", "What's {s_poss} current plan?"],
    "renews_in": [
        "When does {s} renew now?",
        "Which month is {s_poss} renewal in at this point?",
        "What is the current renewal month for {s}?",
    ],
    "status": ["What's {s_poss} status now?", "What is the current status of {s}?", "Where does {s} stand now?"],
    "deadline": ["When is {s} due now?", "What's the current deadline for {s}?", "What is {s_poss} deadline at this point?"],
}

# Two hops. {s} is the asked entity.
JOIN_PHRASINGS: dict[str, list[str]] = {
    "infra": [
        "Who owns the component that {s} depends on?",
        "Who is the owner of the service {s} relies on?",
        "{s} depends on another component; who owns that one?",
        "Whose component does {s} depend on?",
    ],
    "accounts": [
        "Which office handles {s}?",
        "Which office does the person who handles {s} work out of?",
        "Out of which office is {s} handled?",
        "Which office is {s_poss} account manager based in?",
    ],
    "ad-hoc": [
        "Who owns the tool that {s} uses?",
        "Who is the owner of the tool used for {s}?",
        "{s} uses a tool; who owns that tool?",
        "Whose tool does {s} use?",
    ],
}

# Three hops.
MULTIHOP_PHRASINGS: dict[str, list[str]] = {
    "infra": [
        "Which team owns the component that {s} depends on?",
        "Which team is the owner of {s_poss} dependency on?",
        "What team does the person who owns {s_poss} dependency belong to?",
        "The component {s} relies on: which team is its owner part of?",
    ],
    "accounts": [
        "Which region is the office that handles {s} in?",
        "In which region is the office of the person who handles {s}?",
        "What region does {s_poss} account manager's office fall under?",
        "The person handling {s} works out of an office; which region is it in?",
    ],
    "ad-hoc/member_of": [
        "Which team is the owner of the tool {s} uses on?",
        "What team does the person who owns {s_poss} tool belong to?",
        "Which team owns the tool that {s} uses?",
        "{s} uses a tool; which team is that tool's owner part of?",
    ],
    "ad-hoc/works_in": [
        "Which office does the owner of the tool {s} uses work in?",
        "Where is the person who owns {s_poss} tool based?",
        "Out of which office does the owner of {s_poss} tool work?",
        "{s} uses a tool; which office is that tool's owner based in?",
    ],
}

# --- Filler -------------------------------------------------------------------------------------------
# Generic chatter, per channel and shared. No entity names, no update signals, no predicate verbs.

FILLER: dict[str, list[str]] = {
    "infra": [
        "Did the nightly build go green?",
        "CI queue is long this morning.",
        "Re-running the flaky integration test.",
        "The staging smoke tests passed.",
        "I'll write up the incident notes later.",
        "Can someone approve my small PR?",
        "Disk usage alert cleared by itself.",
        "Rotating my SSH keys, back in a minute.",
        "Kicking off the load test.",
        "Is the VPN dropping for anyone else?",
        "Merging after lunch.",
        "Postmortem template is in the wiki.",
        "Upgrading the Go toolchain in a separate PR.",
        "Terraform diff looks clean to me.",
        "On-call handover is at five.",
        "Who has the pager this weekend?",
        "Pinned the library versions, fyi.",
        "Cache warmup finished without errors.",
        "Let's keep the retro short today.",
        "Grafana is a bit laggy this morning.",
    ],
    "accounts": [
        "Sending the QBR deck around after lunch.",
        "The CRM is slow again.",
        "Who has the latest pricing sheet?",
        "Pipeline review got pushed to Thursday.",
        "I'll loop in legal on the contract wording.",
        "The churn report is in the shared drive.",
        "Forecast call starts in ten.",
        "Can someone proofread my follow-up email template?",
        "Quota numbers come out on Monday.",
        "Our NPS survey closes Friday.",
        "Booked the room for the customer workshop.",
        "I'll log the call notes in the tracker.",
        "Reminder to fill in your expense reports.",
        "The onboarding checklist got a refresh.",
        "Anyone free to shadow a demo tomorrow?",
        "Signature is still pending on the order form.",
        "Invoices go out on the first.",
        "Coffee chat with the new SDRs at three.",
        "The health-score dashboard is loading slowly.",
        "Let's not promise discounts on calls this week.",
    ],
    "ad-hoc": [
        "Retro notes are in the doc.",
        "Can we timebox this to fifteen minutes?",
        "I'll draft the one-pager tonight.",
        "Whiteboard session after lunch?",
        "Shared the mockups in the thread.",
        "Brainstorm is at two in the big room.",
        "Adding a few stickies to the board.",
        "Can someone take notes today?",
        "The kickoff recording is up.",
        "Let's park that idea for the next sync.",
        "I'll book a slot with the stakeholders.",
        "The user interviews are scheduled for Thursday.",
        "Someone should send the recap.",
        "Survey results look interesting.",
        "I'll clean up the backlog later.",
        "Lunch and learn tomorrow, bring questions.",
        "The offsite agenda is in the drive.",
        "Quick poll: pizza or tacos for the demo day?",
        "Good progress this week, everyone.",
        "I left comments on the brief.",
    ],
}

COMMON_FILLER: list[str] = [
    "Sounds good.",
    "Thanks!",
    "On it.",
    "Good call.",
    "Makes sense to me.",
    "Back in five, grabbing a coffee.",
    "Lunch, anyone?",
    "Sorry, was in another meeting.",
    "Let's circle back next week.",
    "Agreed.",
    "Can you share the link again?",
    "Happy Friday, folks.",
    "My internet is flaky today.",
    "Noted, thanks.",
    "I'll follow up after standup.",
]

# Near-topic filler: names the scenario's entities but states no fact. Slots: {component}, {person},
# {team}, {cloud_region}, {account}, {office}, {region}, {project}, {tool}. A slot is filled with the
# entity's usual noun phrase; a line whose first word is a slot gets capitalised.
NEAR_TOPIC: dict[str, list[str]] = {
    "infra": [
        "Is anyone else seeing the {component} dashboard load slowly?",
        "{component} threw a handful of 502s overnight.",
        "Anyone have the runbook link for {component}?",
        "The {component} alerts are noisy again.",
        "Who has the {component} design doc handy?",
        "{component} p99 looks better since the cache fix.",
        "Opened a ticket about {component} timeouts.",
        "There's a typo in the {component} README.",
        "Can someone sanity-check the {component} config diff?",
        "The {component} graphs have a gap around midnight.",
        "{person}, are you joining the retro?",
        "Thanks {person}, that did the trick.",
        "{person} is out tomorrow afternoon.",
        "Has anyone heard from {person} today?",
        "Lunch with {team} folks on Friday?",
        "Did {team} publish their sprint notes?",
        "Seeing some packet loss in {cloud_region} this morning.",
        "Is {cloud_region} having a bad day?",
    ],
    "accounts": [
        "{account} sent over another invoice question.",
        "Got a support ticket from {account} about SSO.",
        "Anyone have the {account} QBR deck?",
        "{account} wants a call next week.",
        "Logging the {account} feature request in the tracker.",
        "The {account} logo looks blurry on our slides.",
        "{account} asked about the API limits again.",
        "Did anyone see the {account} press release?",
        "{person}, are you joining the pipeline review?",
        "Thanks {person}, the deck looks great.",
        "{person} is out on Thursday.",
        "The coffee machine in {office} is broken again.",
        "Anyone visiting {office} next month?",
        "{office} is closed Monday for the holiday.",
        "Q3 numbers for {region} look soft.",
        "The {region} pipeline call is at four.",
    ],
    "ad-hoc": [
        "{project} standup is at 10:30 tomorrow.",
        "Shared the {project} mockups in the thread.",
        "Can we timebox the {project} sync?",
        "The {project} doc has too many open comments.",
        "Who has edit access to the {project} board?",
        "Loved the {project} demo yesterday.",
        "{project} retro notes are up.",
        "{tool} is being slow for me.",
        "Anyone else logged out of {tool}?",
        "Can someone send me an invite to {tool}?",
        "{tool} had an outage this morning.",
        "{person}, are you around for a quick call?",
        "Thanks {person}, great write-up.",
        "{person} is off on Friday.",
        "Did {team} folks see the survey results?",
        "Coffee with {team} people at three?",
    ],
}

# Scaling runs pad one fact with this (generic only, so the needed turn never competes with near-topic noise).
SCALING_FACT = ("FeatureStore", "owned_by", "Priya")

# --- Topics ----------------------------------------------------------------------------------------


def topics(tags: str) -> set[str]:
    return {t for t in tags.split("/") if t}
