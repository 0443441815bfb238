import { DynamicModule, Global, Inject, Module } from '@nestjs/common';
import { AppConfig } from './app-config';
import type { ConfigSection } from './config-section';

export const APP_CONFIG = Symbol('APP_CONFIG');
/** The core settings, or with a section the feature's own: `@InjectConfig(mailConfig) config: MailConfig`. */
export const InjectConfig = <T>(section?: ConfigSection<T>) => Inject(section ? section.token : APP_CONFIG);

@Global()
@Module({})
export class AppConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    const sections = [...config.sections].map(([token, value]) => ({ provide: token, useValue: value }));
    return {
      module: AppConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }, ...sections],
      exports: [APP_CONFIG, ...sections.map((s) => s.provide)],
    };
  }
}
