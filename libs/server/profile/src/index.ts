export * from './profile.module';
export * from './profile.service';
export { ProfileUpdateDto } from './profile.dto';
