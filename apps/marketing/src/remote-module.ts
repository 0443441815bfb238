import { lazy, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import { Button } from '@solvr/web-ui';
import { api, type RemoteModule } from '@solvr/web-data';
import './marketing.css';

export const pages: RemoteModule['pages'] = {
  Landing: lazy(() => import('./pages/Landing')),
  Signin: lazy(() => import('./pages/Signin')),
  Signup: lazy(() => import('./pages/Signup')),
  VerifyYourEmail: lazy(() => import('./pages/VerifyYourEmail')),
  VerifyThankYou: lazy(() => import('./pages/VerifyThankYou')),
  NewsPage: lazy(() => import('./pages/NewsPage')),
  About: lazy(() => import('./pages/About')),
  Proof: lazy(() => import('./pages/Proof')),
  HowItWorks: lazy(() => import('./pages/HowItWorks')),
};

export const probe: RemoteModule['probe'] = {
  react: useState,
  'react-dom': createPortal,
  'react-router-dom': useNavigate,
  'react-redux': useSelector,
  '@reduxjs/toolkit': configureStore,
  '@solvr/web-ui': Button,
  '@solvr/web-data': api,
};
