import type { Language } from '#shared/constants.ts';
import type { TopicId } from './knowledge/topics.ts';
// Questions as people type them: other words, misspellings, no question marks.
export const PARAPHRASED: Record<Language, [string, TopicId][]> = {
  en: [
    ['my brother got arrested, how do i put his case in the app', 'register-case'],
    ['can somebody help me hire an advocate', 'find-lawyer'],
    ['where do i get a vakil', 'find-lawyer'],
    ['what is meant by bail papers', 'bail-paper'],
    ['how to send the scanned bail order', 'upload-bail-paper'],
    ['we have no money for a lawyr, is there free help', 'legal-aid'],
    ['he has been locked up for years and the trial has not started', 'undertrial-rights'],
    ['what is a rehab centre seat', 'ngo-seat'],
    ['who should i write to about a problem', 'contact'],
    ['i lost my password', 'account'],
    ['accepting requests from families', 'lawyer-requests'],
    ['who can look at my documents', 'privacy'],
    ['has the jail approved the bail yet', 'bail-accept'],
    ['how is my case going', 'case-status'],
  ],
  hi: [
    ['मेरे भाई को गिरफ़्तार किया गया है, उसका केस ऐप में कैसे डालूँ', 'register-case'],
    ['मुझे एक वकील चाहिए', 'find-lawyer'],
    ['बेल के कागज़ात क्या होते हैं', 'bail-paper'],
    ['ज़मानत आदेश की फोटो कैसे भेजें', 'upload-bail-paper'],
    ['हमारे पास पैसे नहीं हैं, फ्री वकील कैसे मिलेगा', 'legal-aid'],
    ['वह दो साल से बिना सुनवाई के जेल में बंद है', 'undertrial-rights'],
    ['पुनर्वास केंद्र में सीट का क्या मतलब', 'ngo-seat'],
    ['शिकायत किसको भेजूं', 'contact'],
    ['पासवर्ड याद नहीं है', 'account'],
    ['मेरे केस में अभी क्या हो रहा है', 'case-status'],
    ['वकील ने मेरी रिक्वेस्ट मानी या नहीं', 'lawyer-requests'],
    ['मेरी जानकारी कौन कौन देख सकता है', 'privacy'],
    ['जेल वाले ज़मानत कब मंज़ूर करेंगे', 'bail-accept'],
  ],
  es: [
    ['necesito un abogado para mi hijo', 'find-lawyer'],
    ['no tenemos dinero, ¿hay ayuda legal gratis?', 'legal-aid'],
    ['lleva dos años preso sin juicio', 'undertrial-rights'],
    ['quiero mandar la foto de la orden de fianza', 'upload-bail-paper'],
    ['se me olvidó la contraseña', 'account'],
  ],
  fr: [
    ["j'ai besoin d'un avocat pour mon fils", 'find-lawyer'],
    ["nous n'avons pas d'argent, existe-t-il une aide gratuite ?", 'legal-aid'],
    ['il est en prison depuis deux ans sans procès', 'undertrial-rights'],
    ["je veux envoyer la photo de l'ordonnance de caution", 'upload-bail-paper'],
    ["j'ai perdu mon mot de passe", 'account'],
  ],
  de: [
    ['ich brauche einen Anwalt für meinen Sohn', 'find-lawyer'],
    ['wir haben kein Geld, gibt es kostenlose Hilfe vom Anwalt?', 'legal-aid'],
    ['er sitzt seit zwei Jahren ohne Prozess im Gefängnis', 'undertrial-rights'],
    ['ich will ein Foto vom Kautionsbeschluss schicken', 'upload-bail-paper'],
    ['Passwort vergessen, was nun', 'account'],
  ],
};

export const OFF_TOPIC: Record<Language, string[]> = {
  en: ["what's the weather in Paris", 'recipe for biryani', 'who won the cricket match yesterday', 'tell me a joke'],
  hi: ['आज मौसम कैसा है', 'क्रिकेट का स्कोर बताओ', 'बिरयानी की रेसिपी'],
  es: ['¿qué tiempo hace hoy en Madrid?', 'receta de paella'],
  fr: ['quel temps fait-il à Paris ?', 'recette de la ratatouille'],
  de: ['wie wird das Wetter morgen?', 'Rezept für Apfelkuchen'],
};

