/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_APP_VERSION?: string;
  readonly VITE_FEATURE_BETA_READER?: string;
  readonly VITE_APP_SCHEME?: string;
  readonly VITE_ANDROID_APP_URL?: string;
  readonly VITE_IOS_APP_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
