export * from '../schemas/network.ts';
export * from './profile.ts';
