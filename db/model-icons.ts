// The logo a catalogue model shows (files in public/icons/models, copied from @lobehub/icons-static-svg):
// a model family with a mark of its own shows that, any other model its provider's logo.
const familyIcons: [prefix: string, icon: string][] = [
  ["claude", "claude"],
  ["gemini", "gemini"],
  ["dall-e", "dalle"],
  ["flux", "flux"],
  ["veo", "google"],
];

export function modelIconPath(modelName: string, provider: string): string {
  const family = familyIcons.find(([prefix]) => modelName.startsWith(prefix));
  return `/icons/models/${family ? family[1] : provider}.svg`;
}
