import type { VideoFormat } from "./schema";
import type { QuotaKey } from "@/lib/shared/quota-kinds";

// The demo catalogue: the one data file the seed reads. Values the product does not fix are chosen
// plausibly here. Money in roubles (converted to kopecks by the seed); quotas in units, where a
// job costs its action's price (lib/shared/pricing/job-price.ts: 6 image units a picture, 22 audio units a
// minute, 20 file units a document, 25 video units per 5 s), so a balance named in jobs
// ("50 images") holds that many jobs' units (docs/decisions/0220-prices-per-job.md).

type ModelSeed = {
  modelName: string;
  // Sent to the OpenAI-compatible endpoint (names as OpenAI, or a LiteLLM/OpenRouter route, knows them).
  // Noise removal runs locally or at AUDIO_CLEANUP_URL; dubbing names its speech model; video ids are the video providers'.
  providerModelId: string;
  displayName: string;
  provider: string;
  type: "text" | "image" | "image_edit" | "audio" | "files" | "video";
  modelTypeDescription: string;
  description: string;
  descriptionEn: string;
  /** USD per the kind's basis: 1 000 tokens, a picture, a minute of audio or video, a document (lib/shared/pricing/provider-cost.ts). */
  providerCostUsd: number;
  actions: string[];
  /** Text models: units per token (1 unless given); the price of every other action is its kind's default. */
  textMultiplier?: number;
  /**
   * Text models: the dialogue's context budget in tokens, within the model's window and capped by
   * BOT_CONTEXT_TOKENS (docs/decisions/0343-context-budget-per-model.md). Dearer models send less, since
   * every turn resends it and the user pays for it; cheap long-window models more once the cap allows.
   */
  contextTokens?: number;
  /** Text models that accept images in a chat request (a photo in a dialogue goes to them). */
  vision?: boolean;
};

export const catalogueModels: ModelSeed[] = [
  // text
  {
    modelName: "gpt-4o-mini",
    providerModelId: "gpt-4o-mini",
    displayName: "GPT-4o mini",
    provider: "openai",
    type: "text",
    modelTypeDescription: "text",
    description: "Быстрый помощник на каждый день",
    descriptionEn: "Fast everyday assistant",
    providerCostUsd: 0.0006,
    contextTokens: 16000,
    vision: true,
    actions: ["text"],
  },
  {
    modelName: "gpt-4o",
    providerModelId: "gpt-4o",
    displayName: "GPT-4o",
    provider: "openai",
    type: "text",
    modelTypeDescription: "text",
    description: "Флагманская мультимодальная модель",
    descriptionEn: "Flagship multimodal model",
    providerCostUsd: 0.01,
    contextTokens: 3000,
    vision: true,
    actions: ["text"],
  },
  {
    modelName: "claude-sonnet",
    providerModelId: "claude-sonnet-4-5",
    displayName: "Claude Sonnet",
    provider: "anthropic",
    type: "text",
    modelTypeDescription: "text",
    description: "Аккуратные тексты и код",
    descriptionEn: "Careful writing and code",
    providerCostUsd: 0.015,
    contextTokens: 3000,
    vision: true,
    actions: ["text"],
  },
  {
    modelName: "gemini-flash",
    providerModelId: "gemini-2.5-flash",
    displayName: "Gemini Flash",
    provider: "google",
    type: "text",
    modelTypeDescription: "text",
    description: "Быстрые ответы с длинным контекстом",
    descriptionEn: "Quick answers with long context",
    providerCostUsd: 0.0006,
    contextTokens: 32000,
    vision: true,
    actions: ["text"],
  },
  {
    modelName: "deepseek-chat",
    providerModelId: "deepseek-chat",
    displayName: "DeepSeek Chat",
    provider: "deepseek",
    type: "text",
    modelTypeDescription: "text",
    description: "Сильные рассуждения по низкой цене",
    descriptionEn: "Strong reasoning at low cost",
    providerCostUsd: 0.0011,
    contextTokens: 16000,
    actions: ["text"],
  },
  {
    modelName: "yandexgpt",
    providerModelId: "yandexgpt-lite",
    displayName: "YandexGPT",
    provider: "yandex",
    type: "text",
    modelTypeDescription: "text",
    description: "Языковая модель с упором на русский",
    descriptionEn: "Russian-first language model",
    providerCostUsd: 0.0025,
    contextTokens: 6000,
    actions: ["text"],
  },
  // files
  {
    modelName: "gpt-4o-files",
    providerModelId: "gpt-4o",
    displayName: "GPT-4o Docs",
    provider: "openai",
    type: "files",
    modelTypeDescription: "files",
    description: "Читает PDF, DOCX и таблицы",
    descriptionEn: "Reads PDF, DOCX and spreadsheets",
    providerCostUsd: 0.05,
    actions: ["files"],
  },
  {
    modelName: "claude-files",
    providerModelId: "claude-sonnet-4-5",
    displayName: "Claude Docs",
    provider: "anthropic",
    type: "files",
    modelTypeDescription: "files",
    description: "Пересказывает длинные документы",
    descriptionEn: "Summarises long documents",
    providerCostUsd: 0.06,
    actions: ["files"],
  },
  // image
  {
    modelName: "dall-e-3",
    providerModelId: "dall-e-3",
    displayName: "DALL·E 3",
    provider: "openai",
    type: "image",
    modelTypeDescription: "image",
    description: "Картинки по описанию",
    descriptionEn: "Images from a description",
    providerCostUsd: 0.04,
    actions: ["text_to_image"],
  },
  {
    modelName: "flux-pro",
    providerModelId: "flux-pro-1.1",
    displayName: "FLUX Pro",
    provider: "bfl",
    type: "image",
    modelTypeDescription: "image",
    description: "Фотореалистичная генерация",
    descriptionEn: "Photorealistic generation",
    providerCostUsd: 0.04,
    actions: ["text_to_image"],
  },
  {
    modelName: "midjourney",
    providerModelId: "midjourney-v7",
    displayName: "Midjourney",
    provider: "midjourney",
    type: "image",
    modelTypeDescription: "image",
    description: "Художественные стили",
    descriptionEn: "Artistic styles",
    providerCostUsd: 0.05,
    actions: ["text_to_image"],
  },
  {
    modelName: "flux-kontext",
    providerModelId: "flux-kontext-pro",
    displayName: "FLUX Kontext",
    provider: "bfl",
    type: "image_edit",
    modelTypeDescription: "image",
    description: "Меняет ваше фото по инструкции",
    descriptionEn: "Edits your photo by instruction",
    providerCostUsd: 0.04,
    actions: ["generate_image"],
  },
  {
    modelName: "gpt-image-edit",
    providerModelId: "gpt-image-1",
    displayName: "GPT Image Edit",
    provider: "openai",
    type: "image_edit",
    modelTypeDescription: "image",
    description: "Ретушь и смена стиля фото",
    descriptionEn: "Retouch and restyle a photo",
    providerCostUsd: 0.04,
    actions: ["generate_image"],
  },
  // audio
  {
    modelName: "whisper",
    providerModelId: "whisper-1",
    displayName: "Whisper",
    provider: "openai",
    type: "audio",
    modelTypeDescription: "audio",
    description: "Речь в текст на 50+ языках",
    descriptionEn: "Speech to text in 50+ languages",
    providerCostUsd: 0.006,
    actions: ["speech_to_text"],
  },
  {
    modelName: "elevenlabs-isolate",
    providerModelId: "audio-cleanup",
    displayName: "Voice Isolator",
    provider: "elevenlabs",
    type: "audio",
    modelTypeDescription: "audio",
    description: "Убирает фоновый шум",
    descriptionEn: "Removes background noise",
    providerCostUsd: 0.02,
    actions: ["noise_removal"],
  },
  {
    modelName: "elevenlabs-dubbing",
    providerModelId: "tts-1",
    displayName: "ElevenLabs Dubbing",
    provider: "elevenlabs",
    type: "audio",
    modelTypeDescription: "audio",
    description: "Озвучка и перевод голоса",
    descriptionEn: "Voice-over and voice translation",
    providerCostUsd: 0.015,
    actions: ["dubbing"],
  },
  // video
  {
    modelName: "gen4_turbo",
    providerModelId: "gen4_turbo",
    displayName: "Runway Gen-4 Turbo",
    provider: "runway",
    type: "video",
    modelTypeDescription: "video",
    description: "Оживляет картинку за секунды",
    descriptionEn: "Animates a picture in seconds",
    providerCostUsd: 3.0,
    actions: ["image_to_video"],
  },
  {
    modelName: "gen4_aleph",
    providerModelId: "gen4_aleph",
    displayName: "Runway Gen-4 Aleph",
    provider: "runway",
    type: "video",
    modelTypeDescription: "video",
    description: "Преображает ваше видео",
    descriptionEn: "Transforms your video",
    providerCostUsd: 9.0,
    actions: ["video_to_video"],
  },
  {
    modelName: "veo-3",
    providerModelId: "veo-3.1-generate-preview",
    displayName: "Google Veo 3",
    provider: "google",
    type: "video",
    modelTypeDescription: "video",
    description: "Кинематографичное видео со звуком",
    descriptionEn: "Cinematic video with sound",
    providerCostUsd: 24.0,
    actions: ["text_to_video", "image_to_video"],
  },
];

export const catalogueCategories = [
  { aiChatType: "study", name: "Учёба", nameEn: "Study", image: "/icons/categories/study.svg" },
  { aiChatType: "work", name: "Работа", nameEn: "Work", image: "/icons/categories/work.svg" },
  { aiChatType: "marketing", name: "Маркетинг", nameEn: "Marketing", image: "/icons/categories/marketing.svg" },
  { aiChatType: "coding", name: "Программирование", nameEn: "Programming", image: "/icons/categories/coding.svg" },
  { aiChatType: "health", name: "Здоровье", nameEn: "Health", image: "/icons/categories/health.svg" },
  { aiChatType: "fun", name: "Развлечения", nameEn: "Fun", image: "/icons/categories/fun.svg" },
  { aiChatType: "images", name: "Изображения", nameEn: "Images", image: "/icons/categories/images.svg" },
];

type AssistantSeed = {
  seedKey: string;
  category: string;
  name: string;
  description: string;
  nameEn: string;
  descriptionEn: string;
  type: "text" | "generating_image";
  imageTab?: "editfoto" | "genfoto";
  systemPrompt: string;
};

export const catalogueAssistants: AssistantSeed[] = [
  {
    seedKey: "tutor",
    category: "study",
    name: "Репетитор",
    description: "Объясняет сложные темы простыми словами",
    nameEn: "Tutor",
    descriptionEn: "Explains hard topics in simple words",
    type: "text",
    systemPrompt: "You are a patient tutor.",
  },
  {
    seedKey: "essay",
    category: "study",
    name: "Помощник по эссе",
    description: "Помогает с планом и текстом эссе",
    nameEn: "Essay helper",
    descriptionEn: "Helps with the outline and text of an essay",
    type: "text",
    systemPrompt: "You help students write essays.",
  },
  {
    seedKey: "translator",
    category: "study",
    name: "Переводчик",
    description: "Точный перевод с сохранением стиля",
    nameEn: "Translator",
    descriptionEn: "Accurate translation that keeps the style",
    type: "text",
    systemPrompt: "You translate texts.",
  },
  {
    seedKey: "resume",
    category: "work",
    name: "Резюме и письма",
    description: "Составляет резюме и сопроводительные письма",
    nameEn: "CVs and letters",
    descriptionEn: "Writes CVs and cover letters",
    type: "text",
    systemPrompt: "You write CVs and cover letters.",
  },
  {
    seedKey: "analyst",
    category: "work",
    name: "Аналитик",
    description: "Разбирает данные и делает выводы",
    nameEn: "Analyst",
    descriptionEn: "Examines data and draws conclusions",
    type: "text",
    systemPrompt: "You are a data analyst.",
  },
  {
    seedKey: "copywriter",
    category: "marketing",
    name: "Копирайтер",
    description: "Продающие тексты и посты",
    nameEn: "Copywriter",
    descriptionEn: "Selling texts and posts",
    type: "text",
    systemPrompt: "You are a copywriter.",
  },
  {
    seedKey: "smm",
    category: "marketing",
    name: "SMM-менеджер",
    description: "Контент-план для соцсетей",
    nameEn: "SMM manager",
    descriptionEn: "A content plan for social networks",
    type: "text",
    systemPrompt: "You plan social media content.",
  },
  {
    seedKey: "code-review",
    category: "coding",
    name: "Код-ревьюер",
    description: "Находит ошибки и предлагает улучшения",
    nameEn: "Code reviewer",
    descriptionEn: "Finds bugs and suggests improvements",
    type: "text",
    systemPrompt: "You review code.",
  },
  {
    seedKey: "sql",
    category: "coding",
    name: "SQL-помощник",
    description: "Пишет и объясняет запросы",
    nameEn: "SQL helper",
    descriptionEn: "Writes and explains queries",
    type: "text",
    systemPrompt: "You write SQL.",
  },
  {
    seedKey: "fitness",
    category: "health",
    name: "Фитнес-тренер",
    description: "Программа тренировок под вашу цель",
    nameEn: "Fitness coach",
    descriptionEn: "A training plan for your goal",
    type: "text",
    systemPrompt: "You are a fitness coach.",
  },
  {
    seedKey: "storyteller",
    category: "fun",
    name: "Рассказчик",
    description: "Сочиняет истории на любую тему",
    nameEn: "Storyteller",
    descriptionEn: "Makes up stories on any topic",
    type: "text",
    systemPrompt: "You tell stories.",
  },
  {
    seedKey: "avatar",
    category: "images",
    name: "Аватар в стиле аниме",
    description: "Превращает фото в аниме-портрет",
    nameEn: "Anime avatar",
    descriptionEn: "Turns a photo into an anime portrait",
    type: "generating_image",
    imageTab: "editfoto",
    systemPrompt: "anime portrait of the person, studio lighting",
  },
  {
    seedKey: "old-photo",
    category: "images",
    name: "Реставрация фото",
    description: "Оживляет старые фотографии",
    nameEn: "Photo restoration",
    descriptionEn: "Brings old photos back to life",
    type: "generating_image",
    imageTab: "editfoto",
    systemPrompt: "restore and colourise the old photo",
  },
  {
    seedKey: "logo",
    category: "images",
    name: "Логотип",
    description: "Минималистичный логотип по описанию",
    nameEn: "Logo",
    descriptionEn: "A minimalist logo from a description",
    type: "generating_image",
    imageTab: "genfoto",
    systemPrompt: "minimalist vector logo",
  },
  {
    seedKey: "poster",
    category: "images",
    name: "Афиша",
    description: "Яркий постер для события",
    nameEn: "Poster",
    descriptionEn: "A bright poster for an event",
    type: "generating_image",
    imageTab: "genfoto",
    systemPrompt: "bold event poster",
  },
];

type TariffSeed = {
  name: "Free" | "Starter" | "Neuro Basic" | "Custom";
  description: string;
  descriptionEn: string;
  amountRub: number;
  tokenBalance: number;
  imageBalance: number;
  minutesBalance: number;
  fileBalance: number;
  videoBalance: number;
  models: string[];
};

const allModels = catalogueModels.map((m) => m.modelName);

export const catalogueTariffs: TariffSeed[] = [
  {
    name: "Free",
    description: "Базовый тариф: около 80% стандартных задач",
    descriptionEn: "The basic tariff: about 80% of everyday tasks",
    amountRub: 0,
    tokenBalance: 20000,
    imageBalance: 30,
    minutesBalance: 220,
    fileBalance: 200,
    videoBalance: 0,
    models: ["gpt-4o-mini", "gemini-flash", "yandexgpt", "gpt-4o-files", "dall-e-3", "whisper"],
  },
  {
    name: "Starter",
    description: "Для ежедневной работы с текстом и картинками",
    descriptionEn: "For daily work with text and pictures",
    amountRub: 490,
    tokenBalance: 200000,
    imageBalance: 300,
    minutesBalance: 1320,
    fileBalance: 1000,
    videoBalance: 50,
    models: [
      "gpt-4o-mini",
      "gpt-4o",
      "gemini-flash",
      "deepseek-chat",
      "yandexgpt",
      "gpt-4o-files",
      "dall-e-3",
      "flux-pro",
      "flux-kontext",
      "whisper",
      "elevenlabs-isolate",
      "gen4_turbo",
    ],
  },
  {
    name: "Neuro Basic",
    description: "Для авторов: все модели и видео",
    descriptionEn: "For creators: every model and video",
    amountRub: 1490,
    tokenBalance: 1000000,
    imageBalance: 1200,
    minutesBalance: 4400,
    fileBalance: 4000,
    videoBalance: 200,
    models: allModels,
  },
  {
    name: "Custom",
    description: "Соберите свой тариф",
    descriptionEn: "Compose your own tariff",
    amountRub: 0,
    tokenBalance: 10000000,
    imageBalance: 12000,
    minutesBalance: 44000,
    fileBalance: 40000,
    videoBalance: 2000,
    models: allModels,
  },
];

// USD per unit of each kind, and roubles per USD: custom price = ceil(sum(value x rate x usd_rate)).
export const catalogueRates = {
  tokenToUsdRate: 0.000002,
  // Per unit, so a job keeps its price: a minute (22 units) 0.006 USD, a picture (6 units) 0.02,
  // a document (20 units) 0.01.
  audioTokenToUsdRate: 0.006 / 22,
  imageTokenToUsdRate: 0.02 / 6,
  videoTokenToUsdRate: 0.03,
  fileTokenToUsdRate: 0.01 / 20,
  usdRate: 95,
};

type PackageSeed = {
  seedKey: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  priceRub: number;
  packagePurpose: "reset" | QuotaKey;
  quotaAmount: number;
};

export const cataloguePackages = (
  [
    {
      seedKey: "reset",
      name: "Обновление лимитов",
      nameEn: "Limits refresh",
      description: "Восстанавливает остатки по всем видам до лимитов вашего тарифа — не нужно ждать нового периода.",
      descriptionEn: "Restores every remaining balance to your tariff's limits, with no wait for the next period.",
      priceRub: 199,
      packagePurpose: "reset",
      quotaAmount: 0,
    },
    {
      seedKey: "text-500k",
      name: "500 тыс. текстовых токенов",
      nameEn: "500K text tokens",
      description: "Для активной переписки с текстовыми моделями и ассистентами.",
      descriptionEn: "For busy chats with text models and assistants.",
      priceRub: 149,
      packagePurpose: "text_tokens",
      quotaAmount: 500000,
    },
    {
      seedKey: "text-2m",
      name: "2 млн текстовых токенов",
      nameEn: "2M text tokens",
      description: "Большой запас для работы с длинными текстами и кодом.",
      descriptionEn: "A large reserve for long texts and code.",
      priceRub: 449,
      packagePurpose: "text_tokens",
      quotaAmount: 2000000,
    },
    {
      seedKey: "image-50",
      name: "50 изображений",
      nameEn: "50 images",
      description: "Создание и редактирование картинок по описанию.",
      descriptionEn: "Create and edit pictures from a description.",
      priceRub: 249,
      packagePurpose: "image_tokens",
      quotaAmount: 300,
    },
    {
      seedKey: "audio-100",
      name: "100 минут аудио",
      nameEn: "100 audio minutes",
      description: "Расшифровка речи, очистка от шума и озвучка.",
      descriptionEn: "Speech to text, noise removal and voice-over.",
      priceRub: 199,
      packagePurpose: "audio_tokens",
      quotaAmount: 2200,
    },
    {
      seedKey: "video-100",
      name: "100 видео-токенов",
      nameEn: "100 video tokens",
      description: "Генерация видео из текста, картинки или другого видео.",
      descriptionEn: "Video from text, a picture or another video.",
      priceRub: 599,
      packagePurpose: "video_tokens",
      quotaAmount: 100,
    },
    {
      seedKey: "files-100",
      name: "100 документов",
      nameEn: "100 documents",
      description: "Анализ PDF, DOCX и таблиц.",
      descriptionEn: "Analysis of PDF, DOCX and spreadsheets.",
      priceRub: 179,
      packagePurpose: "file_tokens",
      quotaAmount: 2000,
    },
  ] satisfies PackageSeed[]
).map((p) => ({
  ...p,
  image: `/images/packages/${p.packagePurpose}.svg`,
  smallDescriptionLanguageId: `${p.seedKey}.small`,
  descriptionLanguageId: `${p.seedKey}.description`,
  descriptionModelsId: `${p.packagePurpose}.models`,
}));

const landscape: VideoFormat = { key: "landscape", name: "16:9", width: 1280, height: 720, aspect_ratio: "16:9" };
const portrait: VideoFormat = { key: "portrait", name: "9:16", width: 720, height: 1280, aspect_ratio: "9:16" };
const square: VideoFormat = { key: "square", name: "1:1", width: 960, height: 960, aspect_ratio: "1:1" };

export const catalogueVideoCapabilities = [
  {
    modelNamePattern: "veo",
    supportsTextToVideo: true,
    supportsImageToVideo: true,
    supportsVideoToVideo: false,
    supportedFormats: [landscape, portrait],
    durations: [8],
  },
  {
    modelNamePattern: "gen4_turbo",
    supportsTextToVideo: false,
    supportsImageToVideo: true,
    supportsVideoToVideo: false,
    supportedFormats: [landscape, portrait, square],
    durations: [5, 10],
  },
  {
    modelNamePattern: "gen4_aleph",
    supportsTextToVideo: false,
    supportsImageToVideo: false,
    supportsVideoToVideo: true,
    supportedFormats: [landscape, portrait, square],
    durations: [8],
  },
];
